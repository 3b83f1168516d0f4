/**
 * Circular brand marks for networks and billers, drawn in CSS (no image requests): the brand's
 * colour with its name, the way customers recognise them on a recharge card.
 */
interface Brand {
  bg: string;
  fg: string;
  text: string;
}

const brands: Record<string, Brand> = {
  MTN: { bg: '#FFCB05', fg: '#1B1B1B', text: 'MTN' },
  // Greens a shade deeper and dark text on orange, so the names read at 4.5:1 (WCAG AA).
  GLO: { bg: '#23802A', fg: '#FFFFFF', text: 'glo' },
  AIRTEL: { bg: '#E4002B', fg: '#FFFFFF', text: 'airtel' },
  '9MOBILE': { bg: '#B4D335', fg: '#06402A', text: '9mobile' },
  GOTV: { bg: '#168034', fg: '#FFFFFF', text: 'GOtv' },
  DSTV: { bg: '#0A7BC2', fg: '#FFFFFF', text: 'DStv' },
  STARTIMES: { bg: '#F39200', fg: '#1B1B1B', text: 'Star Times' },
};

export function brandOf(name: string): Brand {
  return brands[name.toUpperCase()] ?? { bg: '#E9F5EF', fg: '#095A41', text: name.slice(0, 4) };
}

/** Decorative: the button or row around it carries the name. */
export function BrandBadge({ name, size = 48 }: { name: string; size?: number }) {
  const brand = brandOf(name);
  const longest = Math.max(...brand.text.split(' ').map((word) => word.length));
  const scale = longest <= 3 ? 0.3 : longest <= 5 ? 0.25 : 0.2;
  return (
    <span
      aria-hidden="true"
      className="grid shrink-0 place-items-center rounded-full text-center leading-none font-extrabold tracking-tight shadow-[inset_0_0_0_1px_rgb(0_0_0/0.06)]"
      style={{
        width: size,
        height: size,
        background: brand.bg,
        color: brand.fg,
        fontSize: Math.round(size * scale),
      }}
    >
      <span className="whitespace-pre-line">{brand.text.replace(' ', '\n')}</span>
    </span>
  );
}
