import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useMembers, type Member } from '../api/get-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';

/** The members, each removable (demoted to user) after a confirmation. */
export default function ManageMembersRoute() {
  const members = useMembers();
  const remove = useRemoveMember();

  const onRemove = async (member: Member) => {
    const { default: Swal } = await import('sweetalert2');
    const answer = await Swal.fire({
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: 'Remove User',
      cancelButtonText: 'Cancel',
    });
    if (!answer.isConfirmed) return;
    try {
      await remove.mutateAsync(member.email);
    } catch (error) {
      toast.error(errorMessage(error, 'The member could not be removed.'));
      return;
    }
    await Swal.fire({ title: 'Removed!', text: 'The member is now a user.', icon: 'success' });
  };

  return (
    <DashboardPage id="manage-members-title" title="Manage Members">
      <QueryTable
        what="members"
        query={members}
        empty="There are no members yet."
        columns={['User Name', 'Email', 'Action']}
        rowKey={(member) => member._id}
        cells={(member) => (
          <>
            <td>{member.name ?? member.email}</td>
            <td>{member.email}</td>
            <td>
              <button
                type="button"
                className="button is-danger is-small"
                aria-label={`Remove ${member.email}`}
                disabled={remove.isPending && remove.variables === member.email}
                onClick={() => void onRemove(member)}
              >
                Remove
              </button>
            </td>
          </>
        )}
      />
    </DashboardPage>
  );
}
