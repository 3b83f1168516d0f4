/**
 * Draws a receipt (receipt-content.ts) on a canvas and returns it as a PNG: no library, a few
 * kilobytes, loaded only when the customer asks for a receipt.
 */
import type { ReceiptContent, ReceiptTone } from './receipt-content';

/** Logical width (a phone screen); drawn at SCALE for a sharp image when zoomed. */
const WIDTH = 390;
const SCALE = 3;
const MARGIN = 16;
const PAD = 24;
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif";
const MONO = "ui-monospace, 'SFMono-Regular', 'DejaVu Sans Mono', Menlo, Consolas, monospace";

const COLORS = {
  page: '#f4f7f5',
  card: '#ffffff',
  brand: '#0b6e4f',
  brandDark: '#074733',
  brandTint: '#e9f5ef',
  brandLine: '#cde9dc',
  ink: '#0f1b17',
  muted: '#5b6b65',
  line: '#e3e9e6',
};
const TONES: Record<ReceiptTone, { fg: string; bg: string }> = {
  success: { fg: '#095a41', bg: '#e9f5ef' },
  pending: { fg: '#8a5a06', bg: '#fdefd3' },
  failed: { fg: '#c8372d', bg: '#fbe7e5' },
};

type Ctx = CanvasRenderingContext2D;

/** Splits text into lines no wider than maxWidth (breaking long codes anywhere). */
function wrap(ctx: Ctx, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/(\s+)/)) {
    const next = current + word;
    if (ctx.measureText(next).width <= maxWidth || !current.trim()) {
      current = next;
    } else {
      lines.push(current.trimEnd());
      current = word.trimStart();
    }
    // A single word wider than the column (a reference) breaks by characters.
    while (ctx.measureText(current).width > maxWidth && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && ctx.measureText(current.slice(0, cut)).width > maxWidth) cut -= 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current.trim()) lines.push(current.trim());
  return lines.length ? lines : [''];
}

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function dashedLine(ctx: Ctx, y: number) {
  ctx.save();
  ctx.strokeStyle = COLORS.line;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([6, 5]);
  ctx.beginPath();
  ctx.moveTo(MARGIN + PAD, y);
  ctx.lineTo(WIDTH - MARGIN - PAD, y);
  ctx.stroke();
  ctx.restore();
  // The tear-off notches of a paper receipt.
  ctx.fillStyle = COLORS.page;
  for (const x of [MARGIN, WIDTH - MARGIN]) {
    ctx.beginPath();
    ctx.arc(x, y, 9, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * Lays the receipt out from the top. With paint false it only measures, so the canvas can be
 * sized to the content before the real pass.
 */
function layout(ctx: Ctx, content: ReceiptContent, paint: boolean): number {
  const left = MARGIN + PAD;
  const right = WIDTH - MARGIN - PAD;
  const inner = right - left;
  const center = WIDTH / 2;
  const text = (
    value: string,
    x: number,
    y: number,
    font: string,
    color: string,
    align: CanvasTextAlign = 'left',
  ) => {
    ctx.font = font;
    if (!paint) return;
    ctx.fillStyle = color;
    ctx.textAlign = align;
    ctx.fillText(value, x, y);
  };

  // Brand band.
  let y = MARGIN;
  const band = 76;
  if (paint) {
    ctx.save();
    roundRect(ctx, MARGIN, y, WIDTH - 2 * MARGIN, band + 24, 20);
    ctx.clip();
    ctx.fillStyle = COLORS.brand;
    ctx.fillRect(MARGIN, y, WIDTH - 2 * MARGIN, band);
    ctx.restore();
    // The mark: a white disc with the initial.
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(left + 18, y + band / 2, 18, 0, Math.PI * 2);
    ctx.fill();
  }
  text(
    content.brand.charAt(0).toUpperCase(),
    left + 18,
    y + band / 2 + 7,
    `800 20px ${SANS}`,
    COLORS.brand,
    'center',
  );
  text(content.brand, left + 46, y + band / 2 + 7, `800 22px ${SANS}`, '#ffffff');
  text(content.heading, right, y + band / 2 + 5, `600 13px ${SANS}`, COLORS.brandTint, 'right');
  y += band;

  const bodyTop = y;

  // Amount, title and status.
  y += 44;
  text(content.amount, center, y, `800 34px ${SANS}`, COLORS.ink, 'center');
  y += 26;
  ctx.font = `500 15px ${SANS}`;
  for (const line of wrap(ctx, content.title, inner)) {
    text(line, center, y, `500 15px ${SANS}`, COLORS.muted, 'center');
    y += 20;
  }
  y += 6;
  ctx.font = `700 12px ${SANS}`;
  const pillWidth = ctx.measureText(content.status.label).width + 28;
  if (paint) {
    ctx.fillStyle = TONES[content.status.tone].bg;
    roundRect(ctx, center - pillWidth / 2, y, pillWidth, 26, 13);
    ctx.fill();
  }
  text(
    content.status.label,
    center,
    y + 17,
    `700 12px ${SANS}`,
    TONES[content.status.tone].fg,
    'center',
  );
  y += 26 + 22;

  // The electricity token, the thing the customer came for.
  if (content.token) {
    // The largest size that prints the token on one line; a longer one breaks between groups.
    let size = 22;
    ctx.font = `800 ${size}px ${MONO}`;
    while (size > 15 && ctx.measureText(content.token).width > inner - 32) {
      size -= 1;
      ctx.font = `800 ${size}px ${MONO}`;
    }
    const tokenFont = `800 ${size}px ${MONO}`;
    const tokenLines =
      ctx.measureText(content.token).width <= inner - 32
        ? [content.token]
        : wrap(ctx, content.token.replace(/-/g, '- '), inner - 32).map((l) =>
            l.replace(/- /g, '-'),
          );
    const lineHeight = size + 8;
    const boxHeight = 46 + tokenLines.length * lineHeight;
    if (paint) {
      ctx.fillStyle = COLORS.brandTint;
      roundRect(ctx, left, y, inner, boxHeight, 14);
      ctx.fill();
      ctx.strokeStyle = COLORS.brandLine;
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    text('TOKEN', center, y + 24, `700 11px ${SANS}`, COLORS.brand, 'center');
    let ty = y + 28 + lineHeight;
    for (const line of tokenLines) {
      text(line, center, ty, tokenFont, COLORS.brandDark, 'center');
      ty += lineHeight;
    }
    y += boxHeight + 20;
  }

  if (paint) dashedLine(ctx, y);
  y += 14;

  // Label on the left, value on the right (wrapped under itself when long).
  for (const row of content.lines) {
    const valueFont = row.mono ? `600 13px ${MONO}` : `600 14px ${SANS}`;
    ctx.font = `400 14px ${SANS}`;
    const labelWidth = Math.min(ctx.measureText(row.label).width, inner * 0.4);
    ctx.font = valueFont;
    const valueLines = wrap(ctx, row.value, inner - labelWidth - 20);
    y += 24;
    text(row.label, left, y, `400 14px ${SANS}`, COLORS.muted);
    let vy = y;
    for (const line of valueLines) {
      text(line, right, vy, valueFont, row.tone ? TONES[row.tone].fg : COLORS.ink, 'right');
      vy += 20;
    }
    y = vy - 20 + 12;
  }
  y += 16;

  if (paint) dashedLine(ctx, y);
  if (content.sandboxMark) {
    // An amber strip across the card: a sandbox receipt is never mistaken for a real one.
    y += 16;
    if (paint) {
      ctx.fillStyle = TONES.pending.bg;
      roundRect(ctx, left, y, inner, 34, 10);
      ctx.fill();
    }
    text(
      content.sandboxMark.toUpperCase(),
      center,
      y + 22,
      `800 13px ${SANS}`,
      TONES.pending.fg,
      'center',
    );
    y += 34;
  }
  y += 34;
  text(content.footer, center, y, `500 13px ${SANS}`, COLORS.muted, 'center');
  y += 28;
  const bottom = y;

  if (paint) {
    // The white card and the page behind everything drawn so far ("destination-over"); the
    // card starts under the band so their corners meet.
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = COLORS.card;
    roundRect(ctx, MARGIN, bodyTop - 24, WIDTH - 2 * MARGIN, bottom - bodyTop + 24, 20);
    ctx.fill();
    ctx.fillStyle = COLORS.page;
    ctx.fillRect(0, 0, WIDTH, bottom + MARGIN);
    ctx.restore();
  }
  return bottom + MARGIN;
}

export async function receiptImage(content: ReceiptContent): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const measure = canvas.getContext('2d');
  if (!measure) throw new Error('canvas unavailable');
  const height = Math.ceil(layout(measure, content, false));
  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  const ctx = canvas.getContext('2d')!;
  ctx.scale(SCALE, SCALE);
  ctx.textBaseline = 'alphabetic';
  layout(ctx, content, true);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );
}
