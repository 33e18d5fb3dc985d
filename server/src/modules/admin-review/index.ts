/** The admin review module's public face: the review mark other lists join to show "Verified". */
export {
  markReviewer,
  reviewerOfMark,
  reviewMarkOf,
  reviewMarks,
  reviewStatusColumns,
  reviewStatusOf,
  type TReviewStatusColumns,
} from './review-status.ts';
