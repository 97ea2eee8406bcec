import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  productCsvFileSchema,
  type ProductCsvFileInput,
  type ProductImportPlan,
} from '@shop/contracts/products-csv';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { saveFile } from '../../../lib/save-file';
import { Form, SubmitButton } from '../form-kit/fields';
import { FileField } from '../form-kit/file-field';
import { useAdminForm } from '../form-kit/use-admin-form';
import { productsApi } from './products-api';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const primary =
  'rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50';

/** "Export CSV": the catalogue as a file (fetched with the session's token, so not a plain link). */
export function ExportCsvButton() {
  const { authed } = useAuth();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  async function exportCsv() {
    setState({ busy: true, error: null });
    try {
      const blob = await authed((api) => productsApi(api).exportCsv());
      saveFile(blob, `lacebloom-products-${new Date().toISOString().slice(0, 10)}.csv`);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: errorMessage(error, 'Failed to export the products') });
    }
  }
  return (
    <>
      <button type="button" className={button} onClick={exportCsv} disabled={state.busy}>
        {state.busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {state.error ? (
        <p role="alert" className="w-full text-sm text-brand-800">
          {state.error}
        </p>
      ) : null}
    </>
  );
}

type Step =
  | { kind: 'idle' }
  | { kind: 'busy'; what: string }
  | { kind: 'checked'; plan: ProductImportPlan }
  | { kind: 'done'; plan: ProductImportPlan }
  | { kind: 'failed'; message: string; plan?: ProductImportPlan };

/**
 * "Import CSV": the chosen file is checked first (a dry run: what would be created, updated and
 * left, and every error with its row and column); nothing changes until the owner confirms that
 * same file, which the server imports in one go or not at all.
 */
export function ImportCsvPanel({ onImported }: { onImported: () => void }) {
  const { authed } = useAuth();
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // The file is checked by its schema (chosen, not too large) before it is sent.
  const form = useAdminForm(
    productCsvFileSchema,
    { file: null as unknown as Blob },
    { invalidMessage: null },
  );
  const file = useWatch({ control: form.control, name: 'file' }) as File | null;

  async function check({ file: chosen }: ProductCsvFileInput) {
    setStep({ kind: 'busy', what: 'Checking the file…' });
    try {
      setStep({
        kind: 'checked',
        plan: await authed((api) => productsApi(api).importCsv(chosen as File)),
      });
    } catch (error) {
      setStep({ kind: 'failed', message: errorMessage(error, 'The file could not be checked') });
    }
  }

  async function confirm(plan: ProductImportPlan) {
    if (!file) return;
    setStep({ kind: 'busy', what: 'Importing…' });
    try {
      const done = await authed((api) => productsApi(api).importCsv(file, plan.importId));
      setStep({ kind: 'done', plan: done });
      onImported();
    } catch (error) {
      setStep({ kind: 'failed', message: errorMessage(error, 'The import failed'), plan });
    }
  }

  const plan = step.kind === 'checked' ? step.plan : undefined;
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-2xl border border-line bg-white p-4"
    >
      <h2 id={`${inputId}-title`} className="font-serif text-xl">
        Import CSV
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        One row per product, colour and size, in the columns of the export. The file is checked
        first; nothing changes until you confirm.
      </p>
      <Form
        form={form}
        announceProblems
        onSubmit={check}
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <FileField
          name="file"
          id={inputId}
          label="CSV file"
          accept=".csv,text/csv"
          onChosen={() => setStep({ kind: 'idle' })}
        />
        <SubmitButton
          busy={step.kind === 'busy'}
          busyText="Check file"
          className={button}
          disabled={!file}
        >
          Check file
        </SubmitButton>
      </Form>
      <div aria-live="polite" className="mt-3 flex flex-col gap-3 text-sm">
        {step.kind === 'busy' ? <p>{step.what}</p> : null}
        {step.kind === 'failed' ? (
          <p role="alert" className="text-brand-800">
            {step.message}
          </p>
        ) : null}
        {step.kind === 'done' ? (
          <p role="status">
            Imported: {step.plan.products.create} created, {step.plan.products.update} updated,{' '}
            {step.plan.products.unchanged} unchanged.
          </p>
        ) : null}
        {plan ? <PlanSummary plan={plan} onConfirm={() => confirm(plan)} /> : null}
      </div>
    </section>
  );
}

function PlanSummary({ plan, onConfirm }: { plan: ProductImportPlan; onConfirm: () => void }) {
  const changes = plan.products.create + plan.products.update;
  return (
    <div className="flex flex-col gap-3">
      <p role="status">
        Dry run of {plan.rows.total} rows: {plan.rows.create} to create, {plan.rows.update} to
        update, {plan.rows.unchanged} unchanged ({plan.products.create} new products,{' '}
        {plan.products.update} changed, {plan.products.unchanged} as they are).
        {plan.errors.length > 0
          ? ` ${plan.errors.length} ${plan.errors.length === 1 ? 'error' : 'errors'} to correct; rows with errors are not counted.`
          : ''}
      </p>
      {plan.changes.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label="Planned changes">
          {plan.changes.map((change) => (
            <li key={change.slug} className="break-words">
              <span className="font-medium">
                {change.action === 'create' ? 'Create' : 'Update'} {change.name}
              </span>{' '}
              (row {change.firstRow})
              {change.changes.length > 0 ? `: ${change.changes.join('; ')}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {plan.errors.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-left font-medium">Errors</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-3">
                  Row
                </th>
                <th scope="col" className="py-1 pr-3">
                  Column
                </th>
                <th scope="col" className="py-1">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody>
              {plan.errors.map((error, index) => (
                <tr key={index} className="border-b border-line align-top">
                  <td className="py-1 pr-3">{error.row}</td>
                  <td className="py-1 pr-3 font-mono">{error.column}</td>
                  <td className="py-1">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {plan.errors.length === 0 && changes > 0 ? (
        <button type="button" className={`${primary} self-start`} onClick={onConfirm}>
          Confirm import
        </button>
      ) : null}
      {plan.errors.length === 0 && changes === 0 ? <p>Nothing to change.</p> : null}
    </div>
  );
}
