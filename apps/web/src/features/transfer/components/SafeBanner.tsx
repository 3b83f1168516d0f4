import { ShieldIcon } from '../../../components/icons';

/** "Safe & secure" (spec §2 Transfer): what the screen does, and that it is protected. */
export function SafeBanner() {
  return (
    <section
      aria-label="Safe & secure"
      className="flex items-start gap-3 rounded-3xl bg-brand-50 p-4 ring-1 ring-brand-100"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-white">
        <ShieldIcon size={20} />
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-brand-800">Safe &amp; secure</p>
        <p className="mt-0.5 text-sm text-brand-800/80">
          Send money instantly to any Owo user with their email address. Every transfer is approved
          with your transaction PIN.
        </p>
      </div>
    </section>
  );
}
