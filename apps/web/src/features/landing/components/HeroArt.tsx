import { BoltIcon, PhoneIcon, TvIcon, WifiIcon } from '../../../components/icons';

/** Decorative wallet card with floating service chips, drawn in CSS (no image download). */
export function HeroArt() {
  const chips = [
    { label: 'Airtime', Icon: PhoneIcon, className: 'top-2 left-0 -rotate-6' },
    { label: 'Data', Icon: WifiIcon, className: 'top-0 right-2 rotate-6' },
    { label: 'Electricity', Icon: BoltIcon, className: 'bottom-2 left-4 rotate-3' },
    { label: 'Cable TV', Icon: TvIcon, className: 'bottom-0 right-0 -rotate-3' },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto my-8 h-60 w-full max-w-xs">
      <div className="absolute inset-x-6 top-1/2 -translate-y-1/2 rotate-[-4deg] rounded-3xl bg-gradient-to-br from-white to-brand-50 p-5 text-brand-900 shadow-2xl shadow-brand-950/40">
        <p className="text-xs font-medium text-muted">Wallet balance</p>
        <p className="mt-1 text-2xl font-bold amount">₦25,400.00</p>
        <div className="mt-4 flex items-center justify-between text-xs">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 font-semibold text-brand-700">
            + ₦5,000 deposit
          </span>
          <span className="font-semibold text-accent-600">Instant</span>
        </div>
      </div>
      {chips.map(({ label, Icon, className }) => (
        <span
          key={label}
          className={`absolute flex items-center gap-1.5 rounded-full bg-brand-950/70 px-3 py-2 text-xs font-semibold text-white ring-1 ring-white/15 backdrop-blur ${className}`}
        >
          <Icon size={14} className="text-accent-400" />
          {label}
        </span>
      ))}
    </div>
  );
}
