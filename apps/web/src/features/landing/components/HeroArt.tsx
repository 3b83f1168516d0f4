import { BoltIcon, PhoneIcon, TvIcon, WifiIcon } from '../../../components/icons';
import { APP_NAME } from '../../../lib/brand';

/**
 * Decorative wallet card with floating service chips, drawn in CSS (no image download). It is
 * plainly a sample (a "Sample" tag, a sample name): a visitor must not read it as their own money.
 */
export function HeroArt() {
  const chips = [
    { label: 'Airtime', Icon: PhoneIcon, className: 'top-2 left-0 -rotate-6' },
    { label: 'Data', Icon: WifiIcon, className: 'top-0 right-2 rotate-6' },
    { label: 'Electricity', Icon: BoltIcon, className: 'bottom-2 left-4 rotate-3' },
    { label: 'Cable TV', Icon: TvIcon, className: 'bottom-0 right-0 -rotate-3' },
  ];
  return (
    <figure className="relative mx-auto my-8 h-60 w-full max-w-xs">
      <figcaption className="sr-only">Illustration of an {APP_NAME} wallet</figcaption>
      <div className="absolute inset-x-6 top-1/2 -translate-y-1/2 rotate-[-4deg] rounded-3xl bg-gradient-to-br from-white to-brand-50 p-5 text-brand-900 shadow-2xl shadow-brand-950/40">
        <div aria-hidden="true" className="flex items-center justify-between gap-2">
          <p className="text-xs font-medium text-muted">Sample wallet · Chioma</p>
          <span
            data-testid="hero-sample-tag"
            className="rounded-full border border-dashed border-brand-300 px-2 py-0.5 text-[10px] font-bold tracking-wide text-brand-700 uppercase"
          >
            Sample
          </span>
        </div>
        <p aria-hidden="true" className="mt-1 text-2xl font-bold amount">
          ₦25,400.00
        </p>
        <div aria-hidden="true" className="mt-4 flex items-center justify-between text-xs">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 font-semibold text-brand-700">
            + ₦5,000 deposit
          </span>
          <span className="font-semibold text-accent-600">Instant</span>
        </div>
      </div>
      {chips.map(({ label, Icon, className }) => (
        <span
          key={label}
          aria-hidden="true"
          className={`absolute flex items-center gap-1.5 rounded-full bg-brand-950/70 px-3 py-2 text-xs font-semibold text-white ring-1 ring-white/15 backdrop-blur ${className}`}
        >
          <Icon size={14} className="text-accent-400" />
          {label}
        </span>
      ))}
    </figure>
  );
}
