import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useMembers, type Member } from '../api/get-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';

/** The members, each removable (demoted to user) after a confirmation. */
export default function ManageMembersRoute() {
  const { t } = useTranslation();
  const members = useMembers();
  const remove = useRemoveMember();

  const onRemove = async (member: Member) => {
    const { default: Swal } = await import('sweetalert2');
    const answer = await Swal.fire({
      title: t('pages.confirmTitle'),
      text: t('pages.noRevert'),
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: t('pages.removeUser'),
      cancelButtonText: t('common.cancel'),
    });
    if (!answer.isConfirmed) return;
    try {
      await remove.mutateAsync(member.email);
    } catch (error) {
      toast.error(errorMessage(error, t('pages.removeFailed')));
      return;
    }
    await Swal.fire({ title: t('pages.removed'), text: t('pages.nowUser'), icon: 'success' });
  };

  return (
    <DashboardPage id="manage-members-title" title={t('pages.manageMembers')}>
      <QueryTable
        what={t('pages.membersWhat')}
        query={members}
        empty={t('pages.noMembers')}
        columns={[t('pages.userName'), t('pages.email'), t('pages.action')]}
        rowKey={(member) => member._id}
        cells={(member) => (
          <>
            <td translate="no">{member.name ?? member.email}</td>
            <td translate="no">{member.email}</td>
            <td>
              <button
                type="button"
                className="button is-danger is-small"
                aria-label={t('pages.removeWho', { email: member.email })}
                disabled={remove.isPending && remove.variables === member.email}
                onClick={() => void onRemove(member)}
              >
                {t('pages.remove')}
              </button>
            </td>
          </>
        )}
      />
    </DashboardPage>
  );
}
