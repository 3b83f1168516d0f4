import { BlockList, isIP } from 'node:net';

/**
 * Whether an allow-list entry is an IPv4/IPv6 address or a CIDR block node:net accepts: the shared
 * schema checks only its characters (the browser has no node:net), so the server decides here.
 */
export function isAllowedIpEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  if (bits > (version === 4 ? 32 : 128)) return false;
  try {
    new BlockList().addSubnet(address, bits, version === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}
