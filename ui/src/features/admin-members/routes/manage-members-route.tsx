import toast from 'react-hot-toast';
import { QueryStatus } from '../../../components/query-status.tsx';
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
      toast.error(error instanceof Error ? error.message : 'The member could not be removed.');
      return;
    }
    await Swal.fire({ title: 'Removed!', text: 'The member is now a user.', icon: 'success' });
  };

  return (
    <section aria-labelledby="manage-members-title">
      <h1 className="title is-3" id="manage-members-title">
        Manage Members
      </h1>
      <QueryStatus what="members" query={members}>
        {members.data?.length === 0 ? (
          <p className="notification is-light">There are no members yet.</p>
        ) : (
          <div className="table-container">
            <table className="table is-fullwidth is-striped">
              <thead>
                <tr>
                  <th>#</th>
                  <th>User Name</th>
                  <th>Email</th>
                  <th>Action</th>
                </tr>
              </thead>
              <tbody>
                {members.data?.map((member, index) => (
                  <tr key={member._id}>
                    <td>{index + 1}</td>
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
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStatus>
    </section>
  );
}
