import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import type {
  AdminReviewRow,
  AdminReviewsPage,
  AdminReviewsQuery,
  CreateReview,
  EditReview,
  MyProductReviews,
  OwnReview,
  PublicReview,
  ReviewDecisionBody,
  ReviewListAnswer,
  ReviewListQuery,
} from '@shop/contracts/reviews';
import { cursorCodec, invalidCursorMessage, timeAndIdCursor } from '@shop/contracts/keyset-page';
import { conflict, forbidden, invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import {
  canAuthorEdit,
  isEditableReason,
  REVIEW_REQUEST_DELAY_DAYS,
  reviewEligibility,
  reviewerDisplayName,
  reviewFlagsFor,
  reviewMessages,
  reviewSizeFilter,
  reviewSummary,
  stateAfterDecision,
  type ReviewFit,
  type ReviewFlag,
  type ReviewRejectReason,
} from '@shop/domain/reviews';
import type { SizeChartData } from '@shop/domain/size-charts';
import type { Database, Executor } from '../../db/client.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { ShopperLimits } from '../throttle/shopper-limits.ts';
import type { Throttle } from '../throttle/throttle.ts';
import { uploadUrl } from '../media/media-library.service.ts';
import type { OrderLookups, ReviewLineFacts } from '../orders/orders.service.ts';
import {
  reviewReplyMail,
  reviewRequestMail,
  reviewToFixMail,
  unsubscribeTokenValid,
  unsubscribeUrl,
} from './review-mails.ts';
import type {
  QueueRow,
  ReviewRow,
  ReviewsRepository,
  ReviewWithAuthor,
} from './reviews.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A delivery older than this when the sweep first sees it gets no request: it would come late. */
const REQUEST_WINDOW_DAYS = 7;
const REQUEST_BATCH = 200;

export interface ReviewsServiceDeps {
  db: Database;
  repository: ReviewsRepository;
  orders: Pick<OrderLookups, 'linesForReview' | 'deliveredBetween'>;
  /** The product and the sizes it is sold in; undefined when there is no such active product. */
  findProduct: (productId: string) => Promise<{ id: string; sizes: string[] } | undefined>;
  /** The product's own size chart, which decides its sister sizes; null when it has none. */
  sizeChartOf: (productId: string) => Promise<SizeChartData | null>;
  /** Sets the product's stars in the caller's transaction (the catalogue service's). */
  recordRatings: (tx: Executor, productId: string, ratings: number[]) => Promise<void>;
  /** After a commit that changed what a product's answers show. */
  catalogueChanged: (tags: CacheTag[]) => Promise<void>;
  /** Stores an uploaded photo cleaned of its metadata (the media library's upload). */
  storePhoto: (
    actor: AuditActor & { userId: string },
    bytes: Buffer,
  ) => Promise<{ id: string; url: string }>;
  outbox: MailOutbox;
  /** Counts uploads and writes per account (see shopperLimits). */
  throttle: Pick<Throttle, 'take'>;
  limits: Pick<ShopperLimits, 'reviewPhotoUploads' | 'reviewWrites'>;
  publicUrl: string;
  /** The key of the unsubscribe link's HMAC (derived for this purpose alone). */
  unsubscribeKey: Buffer;
  now?: () => Date;
}

let matcher: RegExpMatcher | undefined;
/** Profanity by obscenity's English set (leet-speak and look-alike letters included). */
function profane(text: string): boolean {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return matcher.hasMatch(text);
}

const queueCursor = cursorCodec(timeAndIdCursor);

/**
 * A line's size as the product spells it ('32C', 'Free Size'): an order keeps the size as the
 * cart sent it, in any case, and the size filter and the page show the product's spelling.
 */
function sizeAsSold(sizes: string[], size: string): string {
  return sizes.find((candidate) => candidate.toLowerCase() === size.toLowerCase()) ?? size;
}

function fitOf(row: ReviewRow) {
  return row.fitOverall === null
    ? null
    : { overall: row.fitOverall, band: row.fitBand ?? null, cup: row.fitCup ?? null };
}

const photosOf = (ids: string[] | undefined) =>
  (ids ?? []).map((id) => ({ id, url: uploadUrl(id) }));

function authorOf(row: ReviewWithAuthor): string {
  return (
    row.demoAuthor ?? reviewerDisplayName(row.firstName ?? '', row.lastName ?? '', row.anonymous)
  );
}

function publicReviewOf(row: ReviewWithAuthor, photos: string[] | undefined): PublicReview {
  return {
    _id: row.id,
    author: authorOf(row),
    rating: row.rating,
    title: row.title,
    text: row.text,
    recommend: row.recommend,
    sizeBought: row.sizeBought,
    usualSize: row.usualSize,
    fit: fitOf(row),
    photos: photosOf(photos),
    createdAt: row.createdAt.toISOString(),
    helpfulCount: row.helpfulCount,
    reply:
      row.replyText && row.replyPublic && row.repliedAt
        ? { text: row.replyText, repliedAt: row.repliedAt.toISOString() }
        : null,
  };
}

function ownReviewOf(row: ReviewRow, photos: string[] | undefined): OwnReview {
  return {
    _id: row.id,
    productId: row.productId,
    orderItemId: row.orderItemId ?? '',
    state: row.state,
    rating: row.rating,
    title: row.title,
    text: row.text,
    recommend: row.recommend,
    anonymous: row.anonymous,
    sizeBought: row.sizeBought,
    usualSize: row.usualSize,
    fit: fitOf(row),
    photos: photosOf(photos),
    reasonCode: row.reasonCode,
    canEdit: canAuthorEdit(row),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function queueRowOf(row: QueueRow, photos: string[] | undefined): AdminReviewRow {
  return {
    _id: row.id,
    state: row.state,
    product: {
      _id: row.productId,
      name: row.productName,
      slug: row.productSlug,
      image: row.productImage ?? '',
    },
    author: {
      _id: row.userId ?? '',
      displayName: authorOf(row),
      name: row.demoAuthor ?? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
      email: row.email ?? '',
      anonymous: row.anonymous,
    },
    orderNumber: row.orderNumber,
    rating: row.rating,
    title: row.title,
    text: row.text,
    recommend: row.recommend,
    sizeBought: row.sizeBought,
    usualSize: row.usualSize,
    fit: fitOf(row),
    photos: photosOf(photos),
    flags: row.flags as ReviewFlag[],
    reasonCode: row.reasonCode,
    reply:
      row.replyText && row.repliedAt
        ? { text: row.replyText, public: row.replyPublic, repliedAt: row.repliedAt.toISOString() }
        : null,
    helpfulCount: row.helpfulCount,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The written fields of a review as stored, with the flags the desk sees. */
function writtenFields(input: EditReview) {
  const fit = input.fit ?? null;
  return {
    rating: input.rating,
    title: input.title,
    text: input.text,
    recommend: input.recommend,
    anonymous: input.anonymous,
    fitOverall: fit?.overall ?? null,
    fitBand: fit?.band ?? null,
    fitCup: fit?.cup ?? null,
    flags: reviewFlagsFor(
      { title: input.title, text: input.text },
      { profane: profane(`${input.title}\n${input.text}`), photoCount: input.photos.length },
    ),
  };
}

/** A seeded demo review: the shopper's fields, its shown author, the size and when it was written. */
export type DemoReview = EditReview & { author: string; sizeBought: string; createdAt: Date };

/**
 * The seed's demo reviews of a product: written with the same fields and flags as a shopper's,
 * approved by the same decision, and counted into the product's stars by the same step. They
 * have no order line (the demo shop has no buyers) and name their author instead.
 */
export async function seedDemoReviews(
  tx: Executor,
  deps: Pick<ReviewsServiceDeps, 'repository' | 'recordRatings'>,
  productId: string,
  demo: DemoReview[],
): Promise<void> {
  for (const review of demo) {
    await deps.repository.insert(tx, {
      productId,
      demoAuthor: review.author,
      sizeBought: review.sizeBought,
      state: stateAfterDecision('approve'),
      decidedAt: review.createdAt,
      submittedAt: review.createdAt,
      createdAt: review.createdAt,
      updatedAt: review.createdAt,
      ...writtenFields(review),
    });
  }
  await deps.recordRatings(tx, productId, await deps.repository.approvedRatings(tx, productId));
}

export function createReviewsService(deps: ReviewsServiceDeps) {
  const { db, repository } = deps;
  const now = deps.now ?? (() => new Date());
  const productTags = (productId: string): CacheTag[] => ['lists', `product:${productId}`];

  async function requireProduct(productId: string) {
    const product = isUuid(productId) ? await deps.findProduct(productId) : undefined;
    if (!product) throw notFound(reviewMessages.productNotFound);
    return product;
  }

  async function attach(tx: Executor, reviewId: string, userId: string, photos: string[]) {
    const unique = [...new Set(photos.map((id) => id.toLowerCase()))];
    const attached = await repository.attachPhotos(tx, reviewId, userId, unique);
    if (attached !== unique.length) throw invalid(reviewMessages.photoNotYours);
  }

  /** Keeps the product's stars equal to its approved reviews, in the deciding transaction. */
  async function restar(tx: Executor, productId: string) {
    await deps.recordRatings(tx, productId, await repository.approvedRatings(tx, productId));
  }

  function productLink(productId: string) {
    return `${deps.publicUrl}/product/${productId}#reviews`;
  }

  return {
    /**
     * A delivered buyer's review of one order line, `pending` until staff read it. Eligibility is
     * the domain's rule; the unique index on the line decides between two sent at once.
     */
    async create(
      /** `user.mySize`: her usual size from her profile, read with her session. */
      caller: { userId: string; user?: { mySize?: string | null } },
      productId: string,
      input: CreateReview,
    ): Promise<OwnReview> {
      const product = await requireProduct(productId);
      await deps.throttle.take(deps.limits.reviewWrites, caller.userId);
      const [line] = await deps.orders.linesForReview(caller.userId, {
        orderItemId: input.orderItemId,
      });
      const ofProduct: ReviewLineFacts | undefined =
        line && line.productId === productId ? line : undefined;
      const eligible = reviewEligibility(ofProduct, caller.userId, false);
      if (!eligible.ok) throw forbidden(eligible.message);
      const usualSize = caller.user?.mySize ?? null;
      const row = await db.transaction(async (tx) => {
        const inserted = await repository.insert(tx, {
          productId,
          orderItemId: ofProduct!.orderItemId,
          orderNumber: ofProduct!.orderNumber,
          userId: caller.userId,
          sizeBought: sizeAsSold(product.sizes, ofProduct!.size),
          usualSize,
          state: 'pending',
          ...writtenFields(input),
        });
        if (!inserted) throw conflict(reviewMessages.alreadyReviewed);
        await attach(tx, inserted.id, caller.userId, input.photos);
        return inserted;
      });
      return ownReviewOf(row, input.photos);
    },

    /**
     * The author resends a review sent back to fix (rejected with an editable reason): its
     * words, fit and photos are replaced and it goes back to the queue as `pending`.
     */
    async edit(
      caller: { userId: string },
      reviewId: string,
      input: EditReview,
    ): Promise<OwnReview> {
      if (!isUuid(reviewId)) throw notFound(reviewMessages.notFound);
      await deps.throttle.take(deps.limits.reviewWrites, caller.userId);
      const row = await db.transaction(async (tx) => {
        const current = await repository.lock(tx, reviewId);
        if (!current || current.userId !== caller.userId) throw notFound(reviewMessages.notFound);
        if (!canAuthorEdit(current)) throw conflict(reviewMessages.notEditable);
        const updated = await repository.update(tx, reviewId, {
          ...writtenFields(input),
          state: 'pending',
          reasonCode: null,
          submittedAt: now(),
          decidedAt: null,
        });
        await attach(tx, reviewId, caller.userId, input.photos);
        return updated;
      });
      return ownReviewOf(row, input.photos);
    },

    /** The product page's reviews: approved only, the summary of them all, the size filter. */
    async list(productId: string, query: ReviewListQuery): Promise<ReviewListAnswer> {
      await requireProduct(productId);
      const sizes = query.size
        ? reviewSizeFilter(
            query.size,
            query.sisterSizes,
            query.sisterSizes ? await deps.sizeChartOf(productId) : null,
          )
        : null;
      const [facts, page] = await Promise.all([
        repository.approvedFacts(productId),
        repository.approvedPage(
          productId,
          sizes,
          query.sort,
          (query.page - 1) * query.limit,
          query.limit,
        ),
      ]);
      const photos = await repository.photosOf(page.rows.map((row) => row.id));
      const summary = reviewSummary(
        facts.map((fact) => ({
          rating: fact.rating,
          fit:
            fact.fitOverall === null
              ? null
              : ({ overall: fact.fitOverall, band: fact.fitBand, cup: fact.fitCup } as ReviewFit),
        })),
      );
      return {
        reviews: page.rows.map((row) => publicReviewOf(row, photos.get(row.id))),
        summary,
        page: query.page,
        limit: query.limit,
        total: page.total,
        totalPages: Math.ceil(page.total / query.limit),
      };
    },

    /** What she may review of this product, and what she has reviewed (with its state). */
    async mine(caller: { userId: string }, productId: string): Promise<MyProductReviews> {
      const product = await requireProduct(productId);
      const [lines, own] = await Promise.all([
        deps.orders.linesForReview(caller.userId, { productId }),
        repository.ofUserAndProduct(caller.userId, productId),
      ]);
      const reviewedLines = new Set(own.map((review) => review.orderItemId));
      const photos = await repository.photosOf(own.map((review) => review.id));
      return {
        reviewable: lines
          .filter(
            (line) =>
              !reviewedLines.has(line.orderItemId) &&
              reviewEligibility(line, caller.userId, false).ok,
          )
          .map((line) => ({
            orderItemId: line.orderItemId,
            orderNumber: line.orderNumber,
            size: sizeAsSold(product.sizes, line.size),
            colorName: line.colorName,
            deliveredAt: line.deliveredAt!.toISOString(),
          })),
        reviewed: own.map((review) => ({
          orderItemId: review.orderItemId ?? '',
          reviewId: review.id,
          state: review.state,
          reasonCode: review.reasonCode,
          canEdit: canAuthorEdit(review),
          review: ownReviewOf(review, photos.get(review.id)),
        })),
      };
    },

    /** A review photo, stored by the media library (metadata stripped) and noted as hers. */
    async uploadPhoto(caller: AuditActor & { userId: string }, bytes: Buffer) {
      await deps.throttle.take(deps.limits.reviewPhotoUploads, caller.userId);
      const stored = await deps.storePhoto(caller, bytes);
      await repository.recordUpload(stored.id, caller.userId);
      return { id: stored.id, url: stored.url };
    },

    /** "Helpful", once per account: a repeat answers the same count. */
    async helpful(caller: { userId: string }, reviewId: string) {
      if (!isUuid(reviewId)) throw notFound(reviewMessages.notFound);
      await deps.throttle.take(deps.limits.reviewWrites, caller.userId);
      const result = await db.transaction(async (tx) => {
        const review = await repository.lock(tx, reviewId);
        if (!review || review.state !== 'approved') throw notFound(reviewMessages.notFound);
        return {
          productId: review.productId,
          helpfulCount: await repository.voteHelpful(tx, reviewId, caller.userId),
        };
      });
      await deps.catalogueChanged([`product:${result.productId}`]);
      return { helpfulCount: result.helpfulCount };
    },

    // ----- the moderation desk -----

    async queue(query: AdminReviewsQuery): Promise<AdminReviewsPage> {
      const after = query.cursor ? queueCursor.decode(query.cursor) : undefined;
      if (query.cursor && !after) throw invalid(invalidCursorMessage);
      const rows = await repository.queue({ state: query.state }, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const photos = await repository.photosOf(page.map((row) => row.id));
      const last = page.at(-1);
      return {
        reviews: page.map((row) => queueRowOf(row, photos.get(row.id))),
        next:
          rows.length > query.limit && last
            ? queueCursor.encode({ key: last.submittedKey, id: last.id })
            : null,
      };
    },

    /**
     * Approves or rejects a review, with an optional reply, whatever its rating. The decision,
     * its audit entry, the product's stars and any mail to the author commit together: an
     * editable reason mails her what to fix, a private reply mails her the reply.
     */
    async decide(
      actor: AuditActor,
      reviewId: string,
      body: ReviewDecisionBody,
    ): Promise<AdminReviewRow> {
      if (!isUuid(reviewId)) throw notFound(reviewMessages.notFound);
      const decided = await db.transaction(async (tx) => {
        // Locked first, then read: two decisions at once take turns, each auditing what it saw.
        const before =
          (await repository.lock(tx, reviewId)) && (await repository.findWithAuthor(tx, reviewId));
        if (!before) throw notFound(reviewMessages.notFound);
        const state = stateAfterDecision(body.decision);
        const reply = body.reply === undefined ? undefined : body.reply || null;
        const after = await repository.update(tx, reviewId, {
          state,
          reasonCode: body.decision === 'reject' ? (body.reasonCode ?? null) : null,
          decidedAt: now(),
          ...(reply === undefined
            ? {}
            : {
                replyText: reply,
                replyPublic: reply !== null && body.replyPublic,
                repliedAt: reply ? now() : null,
              }),
        });
        await recordAudit(tx, actor, {
          action: `review.${body.decision}`,
          entity: 'review',
          entityId: reviewId,
          before: {
            state: before.state,
            reasonCode: before.reasonCode,
            reply: before.replyText,
            replyPublic: before.replyPublic,
          },
          after: {
            state: after.state,
            reasonCode: after.reasonCode,
            reply: after.replyText,
            replyPublic: after.replyPublic,
          },
        });
        if (before.state === 'approved' || after.state === 'approved') {
          await restar(tx, after.productId);
        }
        const author = before.email && before.userId ? before : undefined;
        const link = productLink(after.productId);
        if (author && body.decision === 'reject' && isEditableReason(body.reasonCode)) {
          await deps.outbox.enqueue(
            tx,
            reviewToFixMail(
              author.email!,
              author.firstName ?? '',
              body.reasonCode as ReviewRejectReason,
              reply && !body.replyPublic ? reply : null,
              link,
            ),
          );
        } else if (author && reply && !body.replyPublic) {
          await deps.outbox.enqueue(
            tx,
            reviewReplyMail(author.email!, author.firstName ?? '', reply, link),
          );
        }
        return after;
      });
      deps.outbox.deliverSoon();
      await deps.catalogueChanged(productTags(decided.productId));
      const [row] = await repository.queue({ id: decided.id }, undefined, 1);
      const photos = await repository.photosOf([decided.id]);
      return queueRowOf(row!, photos.get(decided.id));
    },

    // ----- the review request mail -----

    /**
     * Queues the review request of each order delivered a week ago (up to a week late, never
     * more), once per order: the claim row and the mail commit together, so a restart or a
     * second process never mails twice, and a crash before the commit mails on the next run.
     */
    async sendReviewRequests(): Promise<number> {
      const to = new Date(now().getTime() - REVIEW_REQUEST_DELAY_DAYS * DAY_MS);
      const from = new Date(to.getTime() - REQUEST_WINDOW_DAYS * DAY_MS);
      let after: { at: string; id: string } | null = null;
      let queued = 0;
      for (;;) {
        const orders = await deps.orders.deliveredBetween(from, to, after, REQUEST_BATCH);
        const done = await repository.requested(orders.map((order) => order.orderId));
        for (const order of orders) {
          if (done.has(order.orderId)) continue;
          const mailed = await db.transaction(async (tx) => {
            if (!(await repository.claimRequest(tx, order.orderId))) return false;
            if (await repository.optedOut(tx, order.userId)) return false;
            await deps.outbox.enqueue(
              tx,
              reviewRequestMail(order.email, order.firstName, {
                orders: `${deps.publicUrl}/profile?tab=orders`,
                unsubscribe: unsubscribeUrl(deps.publicUrl, deps.unsubscribeKey, order.userId),
              }),
            );
            return true;
          });
          if (mailed) queued += 1;
        }
        const last = orders.at(-1);
        if (!last || orders.length < REQUEST_BATCH) break;
        after = { at: last.deliveredAt, id: last.orderId };
      }
      if (queued > 0) deps.outbox.deliverSoon();
      return queued;
    },

    /** The unsubscribe link: no more review requests to this account. */
    async unsubscribe(userId: string, token: string): Promise<void> {
      if (!isUuid(userId) || !unsubscribeTokenValid(deps.unsubscribeKey, userId, token)) {
        throw notFound(reviewMessages.unsubscribeInvalid);
      }
      await repository.optOut(userId);
    },

    // ----- the demo shop -----

    seedDemoReviews: (tx: Executor, productId: string, demo: DemoReview[]) =>
      seedDemoReviews(tx, deps, productId, demo),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
