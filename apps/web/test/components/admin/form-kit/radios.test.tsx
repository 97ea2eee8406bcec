import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { grievanceMessageSchema, type GrievanceMessageInput } from '@shop/contracts/grievances';
import { Form, SubmitButton, TextArea } from '../../../../app/components/admin/form-kit/fields';
import { Radios } from '../../../../app/components/admin/form-kit/radios';
import { useAdminForm } from '../../../../app/components/admin/form-kit/use-admin-form';

afterEach(cleanup);

function Message({ kind, sent }: { kind: string; sent: GrievanceMessageInput[] }) {
  const form = useAdminForm(grievanceMessageSchema, {
    kind: kind as GrievanceMessageInput['kind'],
    text: 'We are sorry',
  });
  return (
    <Form form={form} onSubmit={(values) => void sent.push(values)}>
      <Radios
        name="kind"
        legend="Kind"
        options={[
          { value: 'reply', label: 'Reply to the shopper (mailed)' },
          { value: 'note', label: 'Internal note' },
        ]}
      />
      <TextArea name="text" label="Text" />
      <SubmitButton busy={form.busy}>Send</SubmitButton>
    </Form>
  );
}

describe('the kit’s radio buttons', () => {
  it('check the value held and send the one chosen', async () => {
    const sent: GrievanceMessageInput[] = [];
    render(<Message kind="reply" sent={sent} />);
    expect(
      (screen.getByLabelText('Reply to the shopper (mailed)') as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(screen.getByLabelText('Internal note'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ kind: 'note', text: 'We are sorry' }]));
  });

  it('show the schema’s message below the group, tied to it', async () => {
    const sent: GrievanceMessageInput[] = [];
    render(<Message kind="" sent={sent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const message = await screen.findByText('Say whether this is a reply or a note');
    expect(screen.getByRole('group', { name: 'Kind' }).getAttribute('aria-describedby')).toBe(
      message.id,
    );
    expect(sent).toEqual([]);
  });
});
