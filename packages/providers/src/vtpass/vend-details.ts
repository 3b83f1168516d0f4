/**
 * Where a VTpass electricity reply carries the token and the units. VTpass passes each DisCo's
 * vend reply through at the top level, so the names differ per DisCo (SOURCES.md, "Electricity
 * replies per DisCo"): `purchased_code` ("Token : …", with a bonus token after it on EKEDC),
 * `token` (IKEDC), `Token` (AEDC, bare digits), `mainToken` (EKEDC), and on a requery the
 * transaction's `extras` (IKEDC); units as `units` (IKEDC), `Units` (IBEDC), `PurchasedUnits`
 * (AEDC) or `mainTokenUnits` (EKEDC, a number). Placeholders such as "N/A" are not tokens.
 */
import { isObject, type JsonObject } from '../wire';
import { parseToken, parseUnits } from '../token';

export interface VendDetails {
  token?: string;
  units?: string;
}

export function vendDetailsOf(body: JsonObject): VendDetails {
  const tx =
    isObject(body.content) && isObject(body.content.transactions) ? body.content.transactions : {};
  const found = parseToken(body.purchased_code, body.token, body.Token, body.mainToken, tx.extras);
  // A bare 20-digit STS token (IKEDC's and AEDC's pages) is shown as on every receipt: in fours.
  const token = found && /^\d{20}$/.test(found) ? found.match(/\d{4}/g)!.join('-') : found;
  // Units as the DisCo wrote them ("9.5 kWh", "9.5" or 9.5).
  const units = parseUnits(
    ...[body.units, body.Units, body.PurchasedUnits, body.mainTokenUnits].map(withoutPlaceholder),
  );
  return { token, units };
}

/** "N/A" and the like stand for "no value" in DisCo replies. */
function withoutPlaceholder(value: unknown): unknown {
  return typeof value === 'string' && /^\s*(n\/?a|null|-)?\s*$/i.test(value) ? undefined : value;
}
