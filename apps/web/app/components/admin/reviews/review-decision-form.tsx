import {
  reviewDecisionSchema,
  type AdminReviewRow,
  type ReviewDecisionBody,
  type ReviewDecisionInput,
} from '@shop/contracts/reviews';
import {
  isEditableReason,
  reviewRejectReasonLabels,
  reviewRejectReasons,
  type ReviewDecision,
} from '@shop/domain/reviews';
import { Form, FormError, primaryButton, Select, TextArea } from '../form-kit/fields';
import { Radios } from '../form-kit/radios';
import { useAdminForm } from '../form-kit/use-admin-form';

/** What a decision did, in the words the desk shows. */
export function decisionDone(decision: ReviewDecision, reasonCode: string | undefined): string {
  if (decision === 'approve') return 'Approved: the review is on the product page.';
  return isEditableReason(reasonCode)
    ? 'Rejected: the author has been mailed to fix it and send it again.'
    : 'Rejected: the review stays hidden.';
}

const rejectButton =
  'rounded-full border border-line bg-white px-5 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';

/**
 * Approve or reject one review, with a reason code for a rejection and a reply, public under the
 * review on the product page or private to the author by mail. Checked with the schema the route
 * parses; the same at every star level.
 */
export function ReviewDecisionForm({
  review,
  decide,
  onDecided,
}: {
  review: AdminReviewRow;
  decide: (body: ReviewDecisionBody) => Promise<unknown>;
  onDecided: (message: string) => void;
}) {
  const form = useAdminForm(
    reviewDecisionSchema,
    {
      decision: 'approve',
      reasonCode: review.reasonCode ?? undefined,
      reply: review.reply?.text ?? '',
      replyPublic: review.reply?.public ?? true,
    },
    {
      // An approval carries no reason, and a blank reply is no reply.
      prepare: (values: ReviewDecisionInput) => ({
        ...values,
        reasonCode:
          values.decision === 'approve' || !values.reasonCode ? undefined : values.reasonCode,
        reply: values.reply?.trim() ? values.reply : undefined,
      }),
    },
  );
  const choose = (decision: ReviewDecision) => () => form.setValue('decision', decision);

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        await decide(values);
        onDecided(decisionDone(values.decision, values.reasonCode));
      }}
      className="flex flex-col gap-4"
    >
      <FormError status={form.status} />
      <Select
        name="reasonCode"
        label="Reason, when rejecting"
        hint="Personal details, off-topic remarks and links go back to the author to fix; spam and abuse do not."
        emptyIsNull
      >
        <option value="">Choose a reason</option>
        {reviewRejectReasons.map((reason) => (
          <option key={reason} value={reason}>
            {reviewRejectReasonLabels[reason]}
          </option>
        ))}
      </Select>
      <TextArea name="reply" label="Reply (optional)" rows={3} />
      <Radios
        name="replyPublic"
        legend="Who sees the reply"
        legendClassName="text-sm font-medium"
        options={[
          { value: true, label: 'Public, under the review' },
          { value: false, label: 'Private, mailed to the author' },
        ]}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={primaryButton}
          disabled={form.busy}
          onClick={choose('approve')}
        >
          Approve
        </button>
        <button
          type="submit"
          className={rejectButton}
          disabled={form.busy}
          onClick={choose('reject')}
        >
          Reject
        </button>
      </div>
    </Form>
  );
}
