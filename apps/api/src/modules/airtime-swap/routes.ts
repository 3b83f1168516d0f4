import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '@owo/shared/messages';
import { swapCreateSchema, swapPageQuery } from '@owo/shared/schemas/airtime-swap';
import { AppError } from '../../errors';
import { refusedAs } from '../../lib/route-validation';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { fill, fileLabel } from './dto';
import type { Api } from '../../lib/route-validation';
import {
  pendingSwapReplySchema,
  swapCreateReplySchema,
  swapLatestReplySchema,
  swapListReplySchema,
  swapReplySchema,
} from '@owo/shared/replies/airtime-swap';

/** A swap is named by its reference (SWP-XXXXXXXX) or its uuid; anything else is refused. */
export const SWAP_REF =
  /^(SWP-[A-Z0-9]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The path parameter, written as stored: SWP- references upper case, uuids lower case. */
export const swapParams = refusedAs(
  z.object({
    swapId: z
      .string()
      .regex(SWAP_REF)
      .transform((ref) => (/^SWP-/i.test(ref) ? ref.toUpperCase() : ref.toLowerCase())),
  }),
  () => new AppError('SWAP_ID_INVALID'),
);

/**
 * The `screenshot` file of a multipart body. Past 5 MB the plugin throws FST_REQ_FILE_TOO_LARGE
 * while reading: answered with the spec's per-file text. A malformed body (no boundary, cut off)
 * makes busboy throw a plain Error: the client's fault, so a 400.
 */
async function readScreenshot(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('SCREENSHOT_REQUIRED');
  let file;
  try {
    file = await request.file();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError('SCREENSHOT_REQUIRED', { cause: error });
  }
  if (!file || file.fieldname !== 'screenshot') throw new AppError('SCREENSHOT_REQUIRED');
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('IMAGE_TOO_LARGE', {
        message: fill(messages.swapImageTooLarge, { user_content: fileLabel(file.filename) }),
      });
    }
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError('SCREENSHOT_REQUIRED', { cause: error });
  }
  if (buffer.length === 0) throw new AppError('SCREENSHOT_REQUIRED');
  return { buffer, filename: file.filename };
}

/** A success reply to declare; generic, so the handler is still held to it. */
const replying = <T extends z.core.$ZodType>(reply: T) => ({ response: { 200: reply } });

/** The customer's airtime-to-cash calls (spec 2 §7). Thin: validate, call the service, reply. */
export function airtimeSwapRoutes(app: Api, { airtimeSwaps, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  const userId = (request: FastifyRequest) => authOf(request).user.id;

  app.post(
    '/airtime-swap',
    { ...auth, schema: { body: swapCreateSchema, ...replying(swapCreateReplySchema) } },
    async (request) => airtimeSwaps.create(userId(request), request.body),
  );

  app.post(
    '/airtime-swap/:swapId/upload',
    { ...auth, schema: { params: swapParams, ...replying(swapReplySchema) } },
    async (request) => {
      const file = await readScreenshot(request);
      return airtimeSwaps.upload(userId(request), request.params.swapId, file);
    },
  );

  // The spec's client calls "airtime-swap/" (trailing slash); both spellings answer.
  for (const url of ['/airtime-swap', '/airtime-swap/']) {
    app.get(url, { ...auth, schema: replying(swapLatestReplySchema) }, async (request) =>
      airtimeSwaps.list(userId(request)),
    );
  }

  app.get(
    '/airtime-swap/pending',
    { ...auth, schema: replying(pendingSwapReplySchema) },
    async (request) => airtimeSwaps.pending(userId(request)),
  );

  // A GET that changes state, as the spec's client calls it; it only ever cancels the caller's
  // own unfinished swap.
  app.get(
    '/airtime-swap/pending/clear',
    { ...auth, schema: replying(swapReplySchema) },
    async (request) => airtimeSwaps.clearPending(userId(request)),
  );

  app.get(
    '/airtime-swap/get-swaps',
    { ...auth, schema: { querystring: swapPageQuery, ...replying(swapListReplySchema) } },
    async (request) => airtimeSwaps.page(userId(request), request.query.page),
  );
}
