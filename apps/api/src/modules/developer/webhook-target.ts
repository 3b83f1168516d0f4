import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a live deployment may not post a reseller's webhook (decision 0089): loopback, private,
 * link-local, shared, multicast and reserved ranges, so a webhook URL cannot reach our own network
 * (SSRF). IPv4-mapped IPv6 addresses are judged by their IPv4 address (BlockList does so).
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export class RefusedTarget extends Error {}

/**
 * A DNS lookup for the connection itself that refuses internal addresses: the check holds for
 * the address the socket connects to, so a name that resolves elsewhere on a second lookup (DNS
 * rebinding) gains nothing.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const refused = addresses.find((a) => isInternalAddress(a.address));
    if (refused || addresses.length === 0) {
      callback(
        new RefusedTarget(`${hostname} resolves to an internal address`) as NodeJS.ErrnoException,
        '',
        0,
      );
      return;
    }
    if (options.all)
      (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** A URL's host when it is an IP literal (a connection to one never calls the lookup). */
export function literalAddressOf(url: URL): string | undefined {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) ? host : undefined;
}
