/**
 * The review mark a sale, an expense or a purchase shows in its own list: a list query LEFT JOINs the mark
 * (and its reviewer) in the same statement, so a page costs no extra query.
 */
import type { TReviewRecordType, TReviewStatus } from '@app/domain/schemas/admin-review';
import { and, eq, type Column } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { reviewMarks, users } from '../../platform/db/schema/index.ts';

const markReviewer = alias(users, 'mark_reviewer');

export { reviewMarks, markReviewer };

/** The join condition of a record's mark: `tenantId` and `recordId` are the record's own columns. */
export const reviewMarkOf = (recordType: TReviewRecordType, tenantId: Column, recordId: Column) =>
  and(
    eq(reviewMarks.tenantId, tenantId),
    eq(reviewMarks.recordType, recordType),
    eq(reviewMarks.recordId, recordId),
  );

export const reviewerOfMark = eq(markReviewer.id, reviewMarks.reviewerId);

/** The columns to select beside the record's own. */
export const reviewStatusColumns = {
  reviewState: reviewMarks.state,
  reviewBy: markReviewer.name,
  reviewAt: reviewMarks.reviewedAt,
};

export type TReviewStatusColumns = {
  reviewState: 'verified' | 'flagged' | null;
  reviewBy: string | null;
  reviewAt: Date | null;
};

/** The selected columns as the API's `review` field (null while unreviewed). */
export function reviewStatusOf(row: TReviewStatusColumns): TReviewStatus {
  return row.reviewState && row.reviewAt
    ? { state: row.reviewState, by: row.reviewBy, at: row.reviewAt.toISOString() }
    : null;
}
