import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { formatTaka } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useMembers, type Member } from '../api/get-members.ts';
import { membersCsv } from '../api/members-csv.ts';
import { useRemoveMember } from '../api/remove-member.ts';

/** Whether a member matches the search: name, email or apartment, in any case. */
const matches = (member: Member, search: string) =>
  [member.name, member.email, ...member.apartments].some((text) => text.toLowerCase().includes(search));

/**
 * The members with their apartments and what they owe today, searchable, exportable as CSV, each
 * removable (demoted to user) after a confirmation.
 */
export default function ManageMembersRoute() {
  const { t } = useTranslation();
  const members = useMembers();
  const remove = useRemoveMember();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const wanted = search.trim().toLowerCase();
  const shown = (members.data ?? []).filter((member) => matches(member, wanted));
  const exportCsv = () =>
    saveFile(
      new Blob([membersCsv(shown)], { type: 'text/csv;charset=utf-8' }),
      `members-${new Date().toISOString().slice(0, 10)}.csv`,
    );

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
      <QueryStatus what={t('pages.membersWhat')} query={members}>
        <div className="field is-grouped is-grouped-multiline">
          <div className="control is-expanded">
            <label className="is-sr-only" htmlFor={searchId}>
              {t('pages.searchMembers')}
            </label>
            <input
              id={searchId}
              className="input"
              type="search"
              placeholder={t('pages.searchMembers')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="control">
            <button type="button" className="button" disabled={shown.length === 0} onClick={exportCsv}>
              {t('pages.exportCsv')}
            </button>
          </div>
        </div>
        <DataTable
          rows={shown}
          empty={wanted ? t('pages.noMembersFound') : t('pages.noMembers')}
          columns={[
            t('pages.userName'),
            t('pages.email'),
            t('pages.apartment'),
            t('pages.owes'),
            t('pages.action'),
          ]}
          rowKey={(member) => member._id}
          cells={(member) => (
            <>
              <td translate="no">{member.name || member.email}</td>
              <td translate="no">{member.email}</td>
              <td translate="no">{member.apartments.join(', ') || '—'}</td>
              <td>{formatTaka(member.balancePoisha / 100)}</td>
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
      </QueryStatus>
    </DashboardPage>
  );
}
