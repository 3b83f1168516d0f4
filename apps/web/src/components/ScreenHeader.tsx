import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeftIcon } from './icons';

interface ScreenHeaderProps {
  title?: string;
  /** Where Back goes; by default the previous history entry. */
  backTo?: string;
  trailing?: ReactNode;
}

/** Top bar with a 44 px back button. */
export function ScreenHeader({ title, backTo, trailing }: ScreenHeaderProps) {
  const navigate = useNavigate();
  const goBack = () => {
    if (backTo) navigate(backTo);
    else if (window.history.length > 1) navigate(-1);
    else navigate('/');
  };
  return (
    <header className="flex h-14 items-center gap-2">
      <button
        type="button"
        onClick={goBack}
        aria-label="Back"
        className="-ml-2 grid size-11 place-items-center rounded-full text-ink hover:bg-white"
      >
        <ArrowLeftIcon size={22} />
      </button>
      {title ? (
        <p className="flex-1 truncate text-base font-semibold">{title}</p>
      ) : (
        <span className="flex-1" />
      )}
      {trailing}
    </header>
  );
}
