import { useState } from 'react';
import { HISTORY_YEARS } from '@owo/shared/constants';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { DownloadIcon } from '../../../components/icons';
import { ChevronDownIcon } from '../../../components/more-icons';
import { messageOr } from '../../../lib/api-errors';
import { saveFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { fetchStatement, statementMonth } from '../api/statement-api';
import { MONTH_ABBREVIATIONS, MONTH_NAMES } from '../../../lib/months';

interface StatementSheetProps {
  open: boolean;
  onClose: () => void;
  /** The month to start on (History's filter, or this month). */
  initialYear: number;
  initialMonth: number;
  /** Today, as year and month (1-12): later months have no statement yet. */
  currentYear: number;
  currentMonth: number;
}

/** Month picker and download of a month's statement (CSV) from History. */
export function StatementSheet(props: StatementSheetProps) {
  return (
    <BottomSheet
      open={props.open}
      onClose={props.onClose}
      title="Download statement"
      description="Every transaction of a month, with opening and closing balances."
    >
      {props.open ? <Picker {...props} /> : null}
    </BottomSheet>
  );
}

function Picker({
  onClose,
  initialYear,
  initialMonth,
  currentYear,
  currentMonth,
}: StatementSheetProps) {
  const [year, setYear] = useState(initialYear);
  const [month, setMonth] = useState(initialMonth);
  const [busy, setBusy] = useState(false);
  const oldestYear = currentYear - HISTORY_YEARS + 1;
  const future = (m: number) => year === currentYear && m > currentMonth;
  const chosen = `${MONTH_NAMES[month - 1]} ${year}`;

  const changeYear = (next: number) => {
    setYear(next);
    if (next === currentYear && month > currentMonth) setMonth(currentMonth);
  };

  const download = async () => {
    setBusy(true);
    try {
      const file = await fetchStatement(statementMonth(year, month));
      saveFile(file.blob, file.fileName);
      toast.success(`Statement for ${chosen} downloaded`);
      onClose();
    } catch (error) {
      toast.error(messageOr(error, 'Could not download the statement. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pb-2">
      <div className="flex items-center justify-between rounded-2xl bg-surface p-1.5">
        <button
          type="button"
          aria-label="Previous year"
          disabled={year <= oldestYear}
          onClick={() => changeYear(year - 1)}
          className="grid size-10 place-items-center rounded-xl text-ink hover:bg-white disabled:opacity-30"
        >
          <ChevronDownIcon size={20} className="rotate-90" />
        </button>
        <p className="text-base font-semibold amount" aria-live="polite">
          {year}
        </p>
        <button
          type="button"
          aria-label="Next year"
          disabled={year >= currentYear}
          onClick={() => changeYear(year + 1)}
          className="grid size-10 place-items-center rounded-xl text-ink hover:bg-white disabled:opacity-30"
        >
          <ChevronDownIcon size={20} className="-rotate-90" />
        </button>
      </div>

      <div role="radiogroup" aria-label="Month" className="mt-3 grid grid-cols-4 gap-2">
        {MONTH_ABBREVIATIONS.map((name, i) => {
          const m = i + 1;
          const selected = m === month;
          return (
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={MONTH_NAMES[i]}
              disabled={future(m)}
              onClick={() => setMonth(m)}
              className={`h-12 rounded-2xl text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-35 ${
                selected
                  ? 'bg-brand-600 text-white shadow-card'
                  : 'border border-line bg-white text-ink hover:bg-brand-50'
              }`}
            >
              {name}
            </button>
          );
        })}
      </div>

      <p className="mt-4 rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-800">
        <span className="font-semibold">{chosen}</span> · CSV file for Excel, Google Sheets or
        Numbers. Times are Lagos time.
      </p>

      <Button
        className="mt-4"
        loading={busy}
        icon={<DownloadIcon size={20} />}
        onClick={() => void download()}
      >
        Download statement
      </Button>
    </div>
  );
}
