/**
 * Live-chat support (a Tawk.to-style widget). The script is loaded only when someone asks for
 * support; the widget is maximised, and if its API is not there yet we retry after 1 s (spec §1).
 * Where the user dragged the bubble is remembered and re-applied once the widget appears, which
 * we detect by polling every second.
 */
import { CHAT_RETRY_MS } from '@owo/shared/constants';
import { loadRuntimeConfig } from './runtime-config';
import { loadScript } from './load-script';
import { readJson, storageKeys, writeJson } from './storage';

interface ChatApi {
  maximize?: () => void;
  onLoad?: () => void;
}

declare global {
  interface Window {
    Tawk_API?: ChatApi;
    Tawk_LoadStart?: Date;
  }
}

const MAX_MAXIMIZE_ATTEMPTS = 15;
const MAX_POSITION_POLLS = 120;

/** Opens the chat; resolves false when no chat is configured or it cannot load (show fallback). */
export async function openSupportChat(): Promise<boolean> {
  const { chatPropertyId } = await loadRuntimeConfig();
  if (!chatPropertyId) return false;
  window.Tawk_API ??= {};
  window.Tawk_LoadStart ??= new Date();
  try {
    await loadScript(`https://embed.tawk.to/${encodeURI(chatPropertyId)}/default`);
  } catch {
    return false;
  }
  maximizeWithRetry(0);
  keepDraggedPosition();
  return true;
}

function maximizeWithRetry(attempt: number): void {
  const maximize = window.Tawk_API?.maximize;
  if (typeof maximize === 'function') {
    try {
      maximize();
      return;
    } catch {
      // The widget exists but is not ready yet: fall through to the retry.
    }
  }
  if (attempt < MAX_MAXIMIZE_ATTEMPTS) {
    setTimeout(() => maximizeWithRetry(attempt + 1), CHAT_RETRY_MS);
  }
}

interface Position {
  right: number;
  bottom: number;
}

let positionWatcherStarted = false;

function findWidget(): HTMLElement | null {
  const frame = document.querySelector<HTMLIFrameElement>('iframe[title*="chat" i]');
  return frame?.parentElement ?? null;
}

function keepDraggedPosition(): void {
  if (positionWatcherStarted) return;
  positionWatcherStarted = true;
  let polls = 0;
  const timer = setInterval(() => {
    polls += 1;
    const widget = findWidget();
    if (!widget && polls < MAX_POSITION_POLLS) return;
    clearInterval(timer);
    if (widget) makeDraggable(widget);
  }, CHAT_RETRY_MS);
}

function applyPosition(widget: HTMLElement, position: Position): void {
  widget.style.setProperty('right', `${position.right}px`, 'important');
  widget.style.setProperty('bottom', `${position.bottom}px`, 'important');
}

function makeDraggable(widget: HTMLElement): void {
  const saved = readJson<Position>(localStorage, storageKeys.chatPosition);
  if (saved) applyPosition(widget, saved);

  // Pointer events inside the iframe never reach us; the container's edge is the drag handle.
  widget.addEventListener('pointerdown', (down) => {
    const rect = widget.getBoundingClientRect();
    const startRight = window.innerWidth - rect.right;
    const startBottom = window.innerHeight - rect.bottom;
    let last: Position = { right: startRight, bottom: startBottom };
    const move = (event: PointerEvent) => {
      last = {
        right: clamp(
          startRight - (event.clientX - down.clientX),
          0,
          window.innerWidth - rect.width,
        ),
        bottom: clamp(
          startBottom - (event.clientY - down.clientY),
          0,
          window.innerHeight - rect.height,
        ),
      };
      applyPosition(widget, last);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      writeJson(localStorage, storageKeys.chatPosition, last);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up, { once: true });
  });
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
