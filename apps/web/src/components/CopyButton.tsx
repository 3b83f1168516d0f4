import { useEffect, useRef, useState } from 'react';
import { copyText } from '../lib/clipboard';
import { toast } from '../lib/toast';
import { CheckIcon } from './icons';
import { CopyIcon } from './more-icons';

interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name and the toast ("Token", "Transaction ID"). */
  label: string;
  className?: string;
  /** Icon-only (default) or icon with the word "Copy". */
  withText?: boolean;
}

/** Copies a value and confirms it briefly (tick + toast). */
export function CopyButton({ value, label, className = '', withText = false }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const ok = await copyText(value);
    if (!ok) {
      toast.error(`Couldn't copy the ${label.toLowerCase()}. Please copy it by hand.`);
      return;
    }
    toast.success(`${label} copied to clipboard!`);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 1500);
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`Copy ${label.toLowerCase()}`}
      className={`inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-full text-sm font-semibold text-brand-700 transition-colors hover:bg-brand-50 active:bg-brand-100 ${
        withText ? 'px-3' : ''
      } ${className}`}
    >
      {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
      {withText ? <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span> : null}
    </button>
  );
}
