import type { ComponentType } from 'react';
import {
  developerWebhookMessages as texts,
  type WebhookDeliveryDto,
} from '@owo/shared/developer-webhooks';
import { CheckIcon, CloseIcon, type IconProps } from '../../../components/icons';
import { ClockIcon, RefreshIcon } from '../../../components/more-icons';
import { formatDateTime } from '../../../lib/transactions';

interface Look {
  label: string;
  tone: string;
  Icon: ComponentType<IconProps>;
}

/** Delivered (green), Retrying or Queued (amber), Failed (red). */
function lookOf(delivery: WebhookDeliveryDto): Look {
  if (delivery.state === 'delivered') {
    return {
      label: texts.delivered,
      tone: 'bg-brand-50 text-brand-700 ring-brand-200',
      Icon: CheckIcon,
    };
  }
  if (delivery.state === 'failed') {
    return { label: texts.failed, tone: 'bg-red-50 text-danger ring-red-200', Icon: CloseIcon };
  }
  return {
    label: texts.retrying(delivery.attempts),
    tone: 'bg-amber-50 text-amber-700 ring-amber-200',
    Icon: ClockIcon,
  };
}

/** One webhook: what happened to which order, how the endpoint answered, and Replay. */
export function DeliveryRow({
  delivery,
  replaying,
  onReplay,
}: {
  delivery: WebhookDeliveryDto;
  replaying: boolean;
  onReplay: () => void;
}) {
  const { label, tone, Icon } = lookOf(delivery);
  const when = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <li className="flex items-start gap-3 px-4 py-3.5" data-testid="webhook-delivery">
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{texts.events[delivery.event]}</span>
          <span
            className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone}`}
          >
            <Icon size={13} strokeWidth={2.4} />
            {label}
          </span>
        </span>
        <span className="mt-1 block truncate font-mono text-xs text-muted">
          {delivery.reference}
        </span>
        <span className="mt-0.5 block text-xs text-muted">
          {delivery.keyName} · {texts.lastStatus(delivery.lastStatus)} · {formatDateTime(when)}
        </span>
      </span>
      <button
        type="button"
        onClick={onReplay}
        disabled={replaying}
        aria-label={`${texts.replay} ${texts.events[delivery.event].toLowerCase()} ${delivery.reference}`}
        className="-mr-2 inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
      >
        <RefreshIcon size={16} />
        {replaying ? texts.replaying : texts.replay}
      </button>
    </li>
  );
}
