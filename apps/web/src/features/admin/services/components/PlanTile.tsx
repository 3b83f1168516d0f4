import { adminMessages } from '@owo/shared/admin-messages';
import type { AdminPlan } from './admin-plans';
import { formatPrice } from '../../../../lib/money';

/** Height the floating plan card takes at the bottom of the screen, with a margin. */
const CARD_ROOM = 250;

interface PlanTileProps {
  plan: AdminPlan;
  selected: boolean;
  onSelect: () => void;
}

/**
 * The tile's name: its visible words in the order they show (the "Off" tag after the size, as on
 * screen), then whether the customer can buy it. A name that reordered or renamed them ("Cost",
 * "Selling") would not be the one a voice-control user says (WCAG 2.5.3, label in name).
 */
function tileName(plan: AdminPlan): string {
  const on = plan.isAvailable;
  const size = on ? plan.title : `${plan.title} Off`;
  const validity = plan.validity ? ` ${plan.validity}` : '';
  const prices = `${adminMessages.costShort} ${formatPrice(plan.cost)}, ${adminMessages.sellingShort} ${formatPrice(plan.sellingPrice)}`;
  return `${size}${validity}, ${prices}, ${on ? adminMessages.available : adminMessages.unavailable}`;
}

/**
 * One plan in the Data tab's grid (spec 02 §2): size, validity, cost ('P') and selling price
 * ('SP'). Available plans are orange (the accent), unavailable ones grey with an "Off" tag.
 */
export function PlanTile({ plan, selected, onSelect }: PlanTileProps) {
  const on = plan.isAvailable;
  const longTitle = plan.title.length > 8;
  return (
    <button
      type="button"
      onClick={(event) => {
        onSelect();
        // The chosen plan's card floats over the bottom of the screen: keep the tile above it.
        // Measured after the render that makes room below the grid.
        const tile = event.currentTarget;
        if (selected) return;
        requestAnimationFrame(() => {
          const limit = window.innerHeight - CARD_ROOM;
          const bottom = tile.getBoundingClientRect().bottom;
          if (bottom > limit) window.scrollBy({ top: bottom - limit, behavior: 'smooth' });
        });
      }}
      aria-pressed={selected}
      aria-label={tileName(plan)}
      data-available={on}
      className={`relative flex h-full min-h-28 w-full flex-col rounded-2xl border px-2.5 pt-2.5 pb-2 text-left transition-all active:scale-[0.97] ${
        on
          ? 'border-accent-400 bg-accent-100/60'
          : 'border-dashed border-muted/40 bg-line/50 text-muted'
      } ${selected ? 'ring-2 ring-brand-600 ring-offset-2 ring-offset-white' : ''}`}
    >
      {/* The "Off" tag sits beside the size, never over it: the size is what the admin reads. */}
      <span className="flex items-start justify-between gap-1">
        <span
          className={`min-w-0 font-bold break-words amount ${on ? 'text-ink' : ''} ${longTitle ? 'line-clamp-2 text-xs' : 'text-base leading-6'}`}
        >
          {plan.title}
        </span>
        {/* Spaces between the parts, so the visible words read apart (WCAG 2.5.3 label in name). */}{' '}
        {on ? null : (
          <span
            data-testid="plan-off-tag"
            className="mt-0.5 shrink-0 rounded-full bg-white px-1.5 py-0.5 text-[10px] leading-3 font-semibold tracking-wide text-muted uppercase"
          >
            Off
          </span>
        )}
      </span>{' '}
      <span className="text-[11px] leading-4 text-muted">{plan.validity || '—'}</span>{' '}
      <span className="mt-auto grid gap-0.5 pt-2 text-[11px] leading-4">
        <span className="flex justify-between gap-1 text-muted">
          <span>{adminMessages.costShort}</span>{' '}
          <span className="amount">{formatPrice(plan.cost)}</span>
        </span>{' '}
        <span
          className={`flex justify-between gap-1 font-semibold ${on ? 'text-accent-600' : 'text-muted'}`}
        >
          <span>{adminMessages.sellingShort}</span>{' '}
          <span className="amount">{formatPrice(plan.sellingPrice)}</span>
        </span>
      </span>
    </button>
  );
}
