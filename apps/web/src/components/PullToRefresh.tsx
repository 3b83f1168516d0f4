import { useQueryClient } from '@tanstack/react-query';
import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type TouchEvent,
} from 'react';
import { Spinner } from './Spinner';

/** How far (px, after damping) the content must be pulled for a release to refresh. */
const TRIGGER_PX = 64;
const MAX_PULL_PX = 96;
/** Where the content rests while the refresh runs, leaving room for the spinner. */
const HOLD_PX = 56;
/** Finger travel counts half: the content lags behind the finger, as in native lists. */
const DAMPING = 0.5;

/**
 * Pull to refresh for a tab screen: dragging down from the top of the page moves the content down
 * with a spinner above it; letting go past the mark refetches every query the screen shows
 * (or runs `onRefresh`) and holds the spinner until they have answered.
 */
export function PullToRefresh({
  children,
  onRefresh,
}: {
  children: ReactNode;
  onRefresh?: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ x: number; y: number } | null>(null);

  // Chrome's own pull (reload the page) would fire with ours.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      root.style.overscrollBehaviorY = before;
    };
  }, []);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start.current =
      !refreshing && touch && event.touches.length === 1 && window.scrollY <= 0
        ? { x: touch.clientX, y: touch.clientY }
        : null;
    setDragging(start.current !== null);
  };

  const onTouchMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!start.current || !touch) return;
    const dy = touch.clientY - start.current.y;
    const dx = Math.abs(touch.clientX - start.current.x);
    // A sideways swipe (a carousel) or a scroll up is not a pull.
    if (dy <= 0 || dx > dy || window.scrollY > 0) {
      setPull(0);
      return;
    }
    setPull(Math.min(dy * DAMPING, MAX_PULL_PX));
  };

  const onTouchEnd = () => {
    if (!start.current) return;
    start.current = null;
    setDragging(false);
    if (pull < TRIGGER_PX) {
      setPull(0);
      return;
    }
    setRefreshing(true);
    setPull(HOLD_PX);
    const refresh = onRefresh ?? (() => queryClient.refetchQueries({ type: 'active' }));
    void refresh()
      .catch(() => undefined)
      .finally(() => {
        setRefreshing(false);
        setPull(0);
      });
  };

  const progress = Math.min(pull / TRIGGER_PX, 1);
  return (
    <div
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
      className="relative"
    >
      <div
        className="pointer-events-none absolute inset-x-0 top-0 z-10 flex justify-center"
        style={{ height: pull, opacity: refreshing ? 1 : progress }}
        aria-hidden={!refreshing}
      >
        {pull > 0 || refreshing ? (
          <span
            role={refreshing ? 'status' : undefined}
            data-testid="pull-to-refresh"
            className="mt-3 grid size-9 place-items-center rounded-full bg-white text-brand-600 shadow-card"
          >
            {refreshing ? (
              <Spinner size={18} />
            ) : (
              <ArrowDown style={{ transform: `rotate(${progress >= 1 ? 180 : 0}deg)` }} />
            )}
            <span className="sr-only">{refreshing ? 'Refreshing' : 'Pull to refresh'}</span>
          </span>
        ) : null}
      </div>
      <div
        className={dragging ? '' : 'transition-transform duration-200 ease-out'}
        style={pull > 0 ? { transform: `translateY(${pull}px)` } : undefined}
      >
        {children}
      </div>
    </div>
  );
}

function ArrowDown({ style }: { style: CSSProperties }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="transition-transform duration-150"
      style={style}
    >
      <path d="M12 5v14M6 13l6 6 6-6" />
    </svg>
  );
}
