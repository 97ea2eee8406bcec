import {
  staffListResponse,
  staffMemberResponse,
  type StaffGrant,
  type StaffRoleUpdate,
} from '@shop/contracts/staff';
import type { ApiClient } from '../../../lib/api-client';

/** The staff screen's calls, over the signed-in client `authed` hands out. Owners only. */
export function staffApi({ call }: ApiClient) {
  return {
    list: () =>
      call('/admin/staff', 'Failed to fetch the staff', {}, staffListResponse).then(
        (answer) => answer.data,
      ),
    /** Answers the member and the server's words ('Staff member added' or 'Role updated'). */
    grant: (grant: StaffGrant) =>
      call(
        '/admin/staff',
        'Failed to add the staff member',
        { method: 'POST', body: JSON.stringify(grant) },
        staffMemberResponse,
      ),
    changeRole: (id: string, update: StaffRoleUpdate) =>
      call(
        `/admin/staff/${encodeURIComponent(id)}`,
        'Failed to change the role',
        { method: 'PATCH', body: JSON.stringify(update) },
        staffMemberResponse,
      ),
  };
}
