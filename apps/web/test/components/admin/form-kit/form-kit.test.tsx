import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { bannerFormMessages, bannerInput, type BannerInput } from '@shop/contracts/banners-admin';
import {
  adminDiscountMessages,
  discountFormSchema,
  type DiscountForm,
} from '@shop/contracts/admin-discounts';
import { ApiError } from '../../../../app/lib/api-client';
import {
  Checkbox,
  DateField,
  Field,
  FieldMessage,
  Form,
  FormError,
  Money,
  Select,
  SubmitButton,
  TextArea,
} from '../../../../app/components/admin/form-kit/fields';
import {
  fieldsNeedAttention,
  useAdminForm,
} from '../../../../app/components/admin/form-kit/use-admin-form';

afterEach(cleanup);

/** A banner form on the kit, bound to the contract's schema; `save` is the server. */
function BannerTestForm({ save }: { save: (input: BannerInput) => Promise<string | void> }) {
  const form = useAdminForm(bannerInput, {
    name: '',
    link: '',
    image: null,
    mobileImage: null,
    isActive: true,
    startsAt: null,
    endsAt: null,
  });
  return (
    <Form form={form} onSubmit={save} aria-label="Banner">
      <FormError status={form.status} />
      <Field name="name" label="Name" id="banner-name" />
      <Field name="link" label="Link" hint="A page of the shop." id="banner-link" />
      <FieldMessage name="image" />
      <DateField name="startsAt" label="Shows from (India time)" />
      <DateField name="endsAt" label="Shows until (India time)" />
      <Checkbox name="isActive" label="Active" />
      <SubmitButton busy={form.busy}>Save banner</SubmitButton>
    </Form>
  );
}

const picture = '/media/banners/a.webp';

describe('the admin form kit', () => {
  it('shows the schema’s messages beside their fields and sends nothing', async () => {
    const sent: BannerInput[] = [];
    render(<BannerTestForm save={async (input) => void sent.push(input)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toContain(bannerFormMessages.name);
    expect(screen.getByRole('alert').textContent).toContain(fieldsNeedAttention);
    expect(screen.getByLabelText('Link').hasAttribute('aria-invalid')).toBe(false);
    // The hint stays tied to its field, with or without a message.
    expect(screen.getByLabelText('Link').getAttribute('aria-describedby')).toBe('banner-link-hint');
    expect(sent).toEqual([]);
  });

  it('checks a rule across fields (an end before the start) on the field it names', async () => {
    render(<BannerTestForm save={async () => {}} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Diwali');
    await userEvent.type(screen.getByLabelText('Shows from (India time)'), '2026-11-02T10:00');
    await userEvent.type(screen.getByLabelText('Shows until (India time)'), '2026-11-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    const ends = screen.getByLabelText('Shows until (India time)');
    await waitFor(() => expect(ends.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(bannerFormMessages.endBeforeStart)).toBeTruthy();
  });

  it('shows the server’s refusal as worded, on the field it names', async () => {
    function Refused() {
      const form = useAdminForm(bannerInput, {
        name: 'Diwali',
        link: '/products/bras',
        image: picture,
        mobileImage: null,
        isActive: true,
        startsAt: null,
        endsAt: null,
      });
      return (
        <Form
          form={form}
          onSubmit={() => {
            throw new ApiError('That link leads nowhere in the shop.', 400, 'link');
          }}
        >
          <FormError status={form.status} />
          <Field name="link" label="Link" />
          <SubmitButton busy={form.busy}>Save banner</SubmitButton>
        </Form>
      );
    }
    render(<Refused />);
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'That link leads nowhere in the shop.',
    );
    const link = screen.getByLabelText('Link');
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toContain('That link leads nowhere in the shop.');
  });

  it('disables the submit while the save is under way, then shows its answer', async () => {
    let finish: (message: string) => void = () => {};
    const sent: BannerInput[] = [];
    function WithPicture() {
      const form = useAdminForm(bannerInput, {
        name: 'Diwali',
        link: '',
        image: picture,
        mobileImage: null,
        isActive: false,
        startsAt: '2026-10-31T18:30:00.000Z',
        endsAt: null,
      });
      return (
        <Form
          form={form}
          onSubmit={(input) => {
            sent.push(input);
            return new Promise<string>((resolve) => (finish = resolve));
          }}
        >
          <FormError status={form.status} />
          <DateField name="startsAt" label="Shows from (India time)" />
          <Checkbox name="isActive" label="Active" />
          <SubmitButton busy={form.busy}>Save banner</SubmitButton>
        </Form>
      );
    }
    render(<WithPicture />);
    // The instant shows in India's time.
    expect((screen.getByLabelText('Shows from (India time)') as HTMLInputElement).value).toBe(
      '2026-11-01T00:00',
    );
    await userEvent.click(screen.getByLabelText('Active'));
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([
      {
        name: 'Diwali',
        link: '',
        image: picture,
        mobileImage: null,
        isActive: true,
        startsAt: '2026-10-31T18:30:00.000Z',
        endsAt: null,
      },
    ]);
    finish('Saved.');
    expect((await screen.findByRole('status')).textContent).toContain('Saved.');
    expect(
      (screen.getByRole('button', { name: 'Save banner' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('reads rupees as numbers, blank as the schema’s blank, and says what is wrong', async () => {
    const sent: DiscountForm[] = [];
    function Discount() {
      const form = useAdminForm(discountFormSchema, {
        code: 'DIWALI',
        type: 'coupon',
        description: '',
        kind: 'flat',
        value: 100,
        minOrder: 0,
        maxDiscount: null,
        startsAt: null,
        expiresAt: null,
        usageLimit: null,
        perUserLimit: null,
        firstOrderOnly: false,
        eligibleCategoryIds: [],
        eligibleProductIds: [],
      });
      return (
        <Form form={form} onSubmit={(values) => void sent.push(values)}>
          <Select name="type" label="Type">
            <option value="coupon">Coupon</option>
            <option value="voucher">Voucher</option>
          </Select>
          <TextArea name="description" label="Description" />
          <Money name="value" label="Amount off (₹)" />
          <Money name="minOrder" label="Minimum order (₹)" blank={0} />
          <SubmitButton busy={form.busy}>Save</SubmitButton>
        </Form>
      );
    }
    render(<Discount />);
    const minOrder = screen.getByLabelText('Minimum order (₹)');
    // Zero, the schema's blank, shows as an empty field.
    expect((minOrder as HTMLInputElement).value).toBe('');
    const value = screen.getByLabelText('Amount off (₹)');
    expect((value as HTMLInputElement).value).toBe('100');
    await userEvent.clear(value);
    await userEvent.type(value, 'ten');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(value.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(adminDiscountMessages.valueInvalid)).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(value);
    await userEvent.type(value, '150.5');
    await userEvent.type(minOrder, '999');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'voucher');
    await userEvent.type(screen.getByLabelText('Description'), 'For the festival');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      type: 'voucher',
      description: 'For the festival',
      value: 150.5,
      minOrder: 999,
    });
  });
});
