import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeftIcon } from './icons';

interface ScreenHeaderProps {
  title?: string;
  /** Where Back goes; by default the previous history entry. */
  backTo?: string;
  trailing?: ReactNode;
  /**
   * The title names the screen, so it is the screen's <h1> (WCAG 2.4.6, 1.3.1). A screen whose body
   * carries its own <h1> (the airtime-to-cash screens) shows the title as plain text instead.
   */
  titleIsHeading?: boolean;
}

/** Top bar with a 44 px back button; its title is the screen's heading. */
export function ScreenHeader({
  title,
  backTo,
  trailing,
  titleIsHeading = true,
}: ScreenHeaderProps) {
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
      {title && titleIsHeading ? (
        <h1 className="flex-1 truncate text-base font-semibold">{title}</h1>
      ) : title ? (
        <p className="flex-1 truncate text-base font-semibold">{title}</p>
      ) : (
        <span className="flex-1" />
      )}
      {trailing}
    </header>
  );
}
