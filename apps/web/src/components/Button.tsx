import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'light';

const variants: Record<Variant, string> = {
  primary:
    'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800 disabled:bg-brand-600/45',
  secondary:
    'bg-brand-50 text-brand-700 hover:bg-brand-100 active:bg-brand-200 disabled:opacity-50',
  outline:
    'border border-line bg-white text-ink hover:bg-surface active:bg-brand-50 disabled:opacity-50',
  ghost: 'text-brand-700 hover:bg-brand-50 active:bg-brand-100 disabled:opacity-50',
  danger: 'bg-danger/10 text-danger hover:bg-danger/15 disabled:opacity-50',
  light: 'bg-white text-brand-800 hover:bg-brand-50 active:bg-brand-100 disabled:opacity-60',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  loading?: boolean;
  block?: boolean;
  icon?: ReactNode;
}

export function buttonClasses(variant: Variant = 'primary', block = true): string {
  return [
    'inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl px-5 text-base font-semibold',
    'transition-colors duration-150 disabled:cursor-not-allowed select-none',
    block ? 'w-full' : '',
    variants[variant],
  ].join(' ');
}

/** Large (48 px) tap target; shows a spinner and stays labelled while `loading`. */
export function Button({
  variant = 'primary',
  loading = false,
  block = true,
  icon,
  className = '',
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClasses(variant, block)} ${className}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={18} /> : icon}
      {children}
    </button>
  );
}
