import { gstr1Query } from '@shop/contracts/invoices';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { saveFile } from '../../../lib/save-file';
import { Field, Form, FormError, SubmitButton } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';

/** This month in India, YYYY-MM (the export's default). */
function thisMonth(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
}

/**
 * The owners' GST screen: the month's invoices and credit notes as a CSV shaped for GSTR-1
 * (B2C large and small, credit notes, HSN summary), for the accountant or the offline tool.
 */
export function GstPage() {
  const { authed } = useAuth();
  // The month is checked by the export's own query schema; its problem is announced beside it.
  const form = useAdminForm(gstr1Query, { month: thisMonth() }, { invalidMessage: null });

  async function download({ month }: { month: string }) {
    try {
      const blob = await authed((api) =>
        api.file('GET', `/admin/gst/gstr1.csv?month=${month}`, 'Failed to export'),
      );
      saveFile(blob, `gstr1-${month}.csv`);
    } catch (error) {
      throw new Error(errorMessage(error, 'Failed to export'), { cause: error });
    }
  }

  return (
    <section className="flex max-w-2xl flex-col gap-5">
      <h1 className="font-serif text-3xl">GST returns</h1>
      <p className="text-sm text-muted">
        Every paid order gets a tax invoice, and every refund of an invoiced order a credit note.
        Download a month of them shaped for GSTR-1: B2C large (inter-state invoices above ₹1,00,000)
        one by one with their credit notes, B2C small summed by place of supply and rate with credit
        notes netted off, and the HSN summary.
      </p>
      <Form
        form={form}
        onSubmit={download}
        announceProblems
        className="flex flex-wrap items-start gap-3 rounded-2xl border border-line bg-white p-4"
      >
        <Field name="month" id="gst-month" label="Month" type="month" />
        <SubmitButton
          busy={form.busy}
          busyText="Download GSTR-1 CSV"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-70 sm:mt-6"
        >
          Download GSTR-1 CSV
        </SubmitButton>
        <FormError status={form.status} className="w-full text-sm text-red-700" />
      </Form>
    </section>
  );
}
