import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import {
  staffGrantSchema,
  staffRoleUpdateSchema,
  type StaffGrant,
  type StaffMember,
} from '@shop/contracts/staff';
import { staffRoles, type StaffRole, type UserRole } from '@shop/domain/roles';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDate } from '../admin-format';
import { AdminTable } from '../admin-table';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { Field, Form, FormError, Select, SubmitButton } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { staffApi } from './staff-api';

const smallButton =
  'whitespace-nowrap rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-50';

const ROLE_WORDS: Record<StaffRole, string> = { staff: 'Staff', owner: 'Owner' };
const roleWords = (role: UserRole) => (role === 'customer' ? 'No access' : ROLE_WORDS[role]);

type Notice = { ok: boolean; text: string } | null;

/** What the rows' controls do: each call answers the server's words for the notice. */
interface Changes {
  busy: boolean;
  /** The signed-in owner's id, to mark her own row. */
  me: string | undefined;
  setRole: (member: StaffMember, role: UserRole) => void;
}

/** The screen's staff, loaded before it shows and again after each change. */
export const staffLoader = screenLoader((api: ApiClient) => staffApi(api).list());

/** A member's role select and "Remove access", which asks once more before it acts. */
function RoleControls({ member, changes }: { member: StaffMember; changes: Changes }) {
  const [role, setRole] = useState<UserRole>(member.role);
  const [removing, setRemoving] = useState(false);
  if (removing) {
    return (
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="text-xs font-medium">Remove {member.email}’s access?</span>
        <button
          type="button"
          className={smallButton}
          disabled={changes.busy}
          onClick={() => changes.setRole(member, 'customer')}
        >
          Remove
        </button>
        <button type="button" className={smallButton} onClick={() => setRemoving(false)}>
          Keep
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {/* The phone card and the table both hold these controls: the label wraps, no ids. */}
      <label>
        <span className="sr-only">Role of {member.email}</span>
        <select
          value={role}
          onChange={(event) => setRole(event.target.value as UserRole)}
          className="rounded-full border border-line bg-white px-2 py-1 text-xs"
        >
          {staffRoles.map((option) => (
            <option key={option} value={option}>
              {ROLE_WORDS[option]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className={smallButton}
        disabled={changes.busy || role === member.role}
        onClick={() => changes.setRole(member, role)}
        aria-label={`Save the role of ${member.email}`}
      >
        Save role
      </button>
      <button
        type="button"
        className={smallButton}
        disabled={changes.busy}
        onClick={() => setRemoving(true)}
        aria-label={`Remove access for ${member.email}`}
      >
        Remove access
      </button>
    </div>
  );
}

function Who({ member, me }: { member: StaffMember; me: string | undefined }) {
  return (
    <div className="min-w-48">
      <div className="font-medium">
        {member.name || member.email}
        {member._id === me ? <span className="font-normal text-muted"> (you)</span> : null}
      </div>
      <div className="break-all text-muted">{member.email}</div>
    </div>
  );
}

const column = createColumnHelper<StaffMember>();

function columnsWith(changes: Changes) {
  return [
    column.accessor('email', {
      header: 'Member',
      cell: ({ row }) => <Who member={row.original} me={changes.me} />,
    }),
    column.accessor('role', {
      header: 'Role',
      cell: ({ getValue }) => <span className="whitespace-nowrap">{roleWords(getValue())}</span>,
    }),
    column.accessor('since', {
      header: 'Since',
      cell: ({ getValue }) => (
        <span className="whitespace-nowrap">{formatIndiaDate(getValue())}</span>
      ),
    }),
    column.display({
      id: 'change',
      header: 'Change',
      // Keyed by the role, so a saved change resets the select to what the server holds.
      cell: ({ row }) => (
        <RoleControls
          key={`${row.original._id}-${row.original.role}`}
          member={row.original}
          changes={changes}
        />
      ),
    }),
  ];
}

/** Gives an existing, verified account a back-office role, checked by the route's own schema. */
function AddStaff({ onAdded }: { onAdded: (text: string) => void }) {
  const { authed } = useAuth();
  const form = useAdminForm(
    staffGrantSchema,
    { email: '', role: 'staff' },
    // The email's problem is announced beside it; the status line is the server's refusal.
    { invalidMessage: null },
  );

  async function grant(input: StaffGrant) {
    const answer = await authed((api) => staffApi(api).grant(input));
    form.reset();
    onAdded(`${answer.message}: ${answer.data.email} is ${roleWords(answer.data.role)}.`);
  }

  return (
    <Form
      form={form}
      onSubmit={grant}
      announceProblems
      aria-labelledby="add-staff-title"
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
    >
      <h2 id="add-staff-title" className="font-medium sm:col-span-3">
        Add a staff member
      </h2>
      <p className="text-sm text-muted sm:col-span-3">
        They sign up on the shop and confirm their email first; then add that email here.
      </p>
      <Field name="email" id="staff-email" label="Email" type="email" autoComplete="off" />
      <Select name="role" id="staff-role" label="Role">
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {ROLE_WORDS[role]}
          </option>
        ))}
      </Select>
      <SubmitButton
        busy={form.busy}
        busyText="Adding..."
        className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60 sm:mt-6"
      >
        Add
      </SubmitButton>
      <FormError status={form.status} className="text-sm text-brand-800 sm:col-span-3" />
    </Form>
  );
}

/** /admin/staff (owners): who works in the back office; add staff, change roles, remove access. */
export function StaffPage() {
  const { authed, user } = useAuth();
  const { load, reload } = useScreenData<StaffMember[]>();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const changes: Changes = {
    busy,
    me: user?._id,
    setRole: (member, role) => {
      const update = staffRoleUpdateSchema.parse({ role });
      setBusy(true);
      setNotice(null);
      authed((api) => staffApi(api).changeRole(member._id, update))
        .then((answer) => {
          setNotice({
            ok: true,
            text:
              answer.data.role === 'customer'
                ? `${member.email} no longer has access to the back office.`
                : `${answer.message}: ${member.email} is ${roleWords(answer.data.role)}.`,
          });
          reload();
        })
        .catch((error) => setNotice({ ok: false, text: errorMessage(error) }))
        .finally(() => setBusy(false));
    },
  };

  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="font-serif text-3xl">Staff</h1>
        <p className="mt-1 text-sm text-muted">
          Staff run orders, dispatch, returns and customers, and refund up to the shop’s limit.
          Owners also refund any amount and manage the staff. Every change is in the audit log.
        </p>
      </div>
      <AddStaff
        onAdded={(text) => {
          setNotice({ ok: true, text });
          reload();
        }}
      />
      {notice ? (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={`rounded-2xl border p-3 text-sm ${
            notice.ok ? 'border-line bg-white' : 'border-brand-300 bg-white text-brand-800'
          }`}
        >
          {notice.text}
        </p>
      ) : null}
      <AdminTable
        label="Staff and owners"
        load={load}
        rows={load.state === 'ready' ? load.data : []}
        columns={columnsWith(changes)}
        rowId={(member) => member._id}
        card={(member) => (
          <>
            <div className="flex items-baseline justify-between gap-2">
              <Who member={member} me={changes.me} />
              <span className="whitespace-nowrap font-medium">{roleWords(member.role)}</span>
            </div>
            <p className="text-muted">Since {formatIndiaDate(member.since)}</p>
            <div className="mt-2">
              <RoleControls
                key={`${member._id}-${member.role}`}
                member={member}
                changes={changes}
              />
            </div>
          </>
        )}
        loadingText="Loading the staff..."
        emptyText="Nobody works in the back office yet."
        onRetry={reload}
      />
    </section>
  );
}
