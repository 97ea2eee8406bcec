import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CustomerDeskDetail } from '@shop/contracts/customers-desk';
import { statusLabel } from '@shop/domain/orders';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDate, formatIndiaDateTime, formatRupees, stateWords } from '../admin-format';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { NotesBox } from '../notes/notes-box';
import { customersApi } from './customers-api';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-4 md:p-5">
      <h2 id={id} className="font-serif text-xl">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The figures the shop weighs a customer by: what she is worth and how often things went back. */
function Figures({ detail }: { detail: CustomerDeskDetail }) {
  const figures = [
    { label: 'Lifetime value', value: formatRupees(detail.lifetimeValue) },
    { label: 'Orders', value: String(detail.ordersCount) },
    { label: 'Orders with returns', value: String(detail.returnsCount) },
    { label: 'Cancellations', value: String(detail.cancellationsCount) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-2xl border border-line bg-white p-4">
          <dt className="text-sm text-muted">{figure.label}</dt>
          <dd className="mt-1 text-xl font-semibold">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Orders({ detail }: { detail: CustomerDeskDetail }) {
  if (detail.orders.length === 0) return <p className="text-sm text-muted">No orders yet.</p>;
  return (
    <>
      {detail.ordersCount > detail.orders.length ? (
        <p className="mb-2 text-sm text-muted">
          The latest {detail.orders.length} of {detail.ordersCount}.
        </p>
      ) : null}
      {/* A list on phones, a table from 768 px: the same rows. */}
      <ul aria-label="Her orders" className="divide-y divide-line md:hidden">
        {detail.orders.map((order) => (
          <li key={order._id} className="py-3 text-sm first:pt-0 last:pb-0">
            <div className="flex items-baseline justify-between gap-2">
              <Link
                to={`/admin/orders/${order._id}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {order.orderNumber}
              </Link>
              <span className="font-medium">{formatRupees(order.total)}</span>
            </div>
            <p className="text-muted">{formatIndiaDateTime(order.createdAt)}</p>
            <p>
              {statusLabel(order.status)} · Payment: {stateWords(order.paymentStatus)}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Her orders, newest first</caption>
          <thead className="border-b border-line">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Order
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Placed
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Total
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Status
              </th>
              <th scope="col" className="py-2 font-semibold">
                Payment
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.orders.map((order) => (
              <tr key={order._id} className="border-b border-line last:border-0">
                <td className="py-2 pr-3">
                  <Link
                    to={`/admin/orders/${order._id}`}
                    className="whitespace-nowrap font-medium text-brand-700 hover:underline"
                  >
                    {order.orderNumber}
                  </Link>
                </td>
                <td className="whitespace-nowrap py-2 pr-3">
                  {formatIndiaDateTime(order.createdAt)}
                </td>
                <td className="whitespace-nowrap py-2 pr-3">{formatRupees(order.total)}</td>
                <td className="py-2 pr-3">{statusLabel(order.status)}</td>
                <td className="py-2">{stateWords(order.paymentStatus)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** /admin/customers/{id}: the customer loads before the screen shows. */
export const customerLoader = screenLoader((api: ApiClient, params) =>
  customersApi(api).detail(params.customerId ?? ''),
);

/** /admin/customers/{id}: who she is, where she ships to, what she bought, the shop's notes. */
export function CustomerDetailPage() {
  const { authed } = useAuth();
  // A note added reloads the customer with her in view.
  const { load, reload } = useScreenData<CustomerDeskDetail>({ quiet: true });

  if (load.state === 'loading') {
    return (
      <p role="status" className="py-12 text-center text-muted">
        Loading the customer...
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <section className="py-12 text-center">
        <h1 className="font-serif text-2xl">{load.message}</h1>
        <Link to="/admin/customers" className="mt-4 inline-block text-brand-700 hover:underline">
          Back to customers
        </Link>
      </section>
    );
  }

  const detail = load.data;
  const { profile } = detail;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <Link to="/admin/customers" className="text-sm text-brand-700 hover:underline">
          ← Customers
        </Link>
        <h1 className="mt-1 break-words font-serif text-3xl">{profile.name || profile.email}</h1>
        <p className="mt-1 text-sm text-muted">Joined {formatIndiaDate(profile.joinedAt)}</p>
      </div>
      <Figures detail={detail} />

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <Card title="Orders">
            <Orders detail={detail} />
          </Card>
          <Card title="Saved addresses">
            {detail.addresses.length === 0 ? (
              <p className="text-sm text-muted">No saved addresses.</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {detail.addresses.map((address) => (
                  <li key={address._id} className="rounded-xl bg-cream p-3 text-sm">
                    <p className="font-medium">{address.name}</p>
                    <address className="not-italic">
                      {address.addressLine1}
                      {address.addressLine2 ? (
                        <>
                          <br />
                          {address.addressLine2}
                        </>
                      ) : null}
                      {address.city || address.state || address.pinCode ? (
                        <>
                          <br />
                          {[address.city, address.state].filter(Boolean).join(', ')}{' '}
                          {address.pinCode}
                        </>
                      ) : null}
                      {address.phone ? (
                        <>
                          <br />
                          {address.phone}
                        </>
                      ) : null}
                    </address>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>

        {/* On phones the profile and notes come first: they are what the shop acts on. */}
        <div className="order-first flex min-w-0 flex-col gap-5 lg:order-none">
          <Card title="Profile">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Email</dt>
              <dd className="break-all">{profile.email}</dd>
              <dt className="text-muted">Phone</dt>
              <dd>{profile.phone || 'Not given'}</dd>
              <dt className="text-muted">Verified</dt>
              <dd>{profile.emailVerified ? 'Yes' : 'No'}</dd>
              <dt className="text-muted">Google</dt>
              <dd>{profile.googleLinked ? 'Linked' : 'Not linked'}</dd>
              <dt className="text-muted">Role</dt>
              <dd className="capitalize">{profile.role}</dd>
            </dl>
          </Card>
          <Card title="Internal notes">
            <NotesBox
              fieldId="customer-note"
              notes={detail.notes}
              add={(note) => authed((api) => customersApi(api).addNote(profile._id, note))}
              onAdded={reload}
            />
          </Card>
        </div>
      </div>
    </div>
  );
}
