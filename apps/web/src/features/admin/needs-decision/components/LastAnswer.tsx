import type { AdminTransactionDto } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { ChevronDownIcon } from '../../../../components/more-icons';
import { formatDateGB } from '../../shared/format';
import { pillTone, StatusPill } from '../../shared/StatusPill';
import { lastAnswerOf, rawText } from './decision-format';

const tones = { delivered: pillTone.good, failed: pillTone.bad, pending: pillTone.waiting };

/**
 * What the supplier said last, readable first (status, description, when) and as it came
 * (collapsed), so the admin can judge it or quote it to the supplier.
 */
export function LastAnswer({ order }: { order: NonNullable<AdminTransactionDto['order']> }) {
  const answer = lastAnswerOf(order);
  return (
    <section
      aria-label={t.lastAnswer}
      className="grid gap-1.5 border-t border-line bg-surface/60 px-4 py-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{t.lastAnswer}</h3>
        {answer?.status ? (
          <StatusPill label={t.answerStatus[answer.status]} tone={tones[answer.status]} />
        ) : null}
      </div>
      {answer ? (
        <>
          <p className="text-sm break-words text-ink">{answer.description}</p>
          {answer.at ? <p className="text-xs text-muted">{formatDateGB(answer.at)}</p> : null}
          <details className="group rounded-2xl bg-white ring-1 ring-line">
            <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-2 text-xs font-semibold text-brand-700 select-none [&::-webkit-details-marker]:hidden">
              <ChevronDownIcon
                size={14}
                className="-rotate-90 transition-transform group-open:rotate-0"
              />
              {t.lastAnswerRaw}
            </summary>
            <pre className="max-h-64 overflow-auto border-t border-line px-3 py-2 font-mono text-[11px] leading-relaxed break-all whitespace-pre-wrap text-ink">
              {rawText(answer.raw)}
            </pre>
          </details>
        </>
      ) : (
        <p className="text-sm text-muted">{order.lastDescription || t.lastAnswerNone}</p>
      )}
    </section>
  );
}
