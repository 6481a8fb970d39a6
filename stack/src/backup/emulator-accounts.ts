/**
 * The auth emulator's accounts (the embedded mode's identities), through its REST API with the
 * emulator's owner credential: read for a backup, written back by a restore.
 */
const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const base = (host: string, projectId: string) =>
  `http://${host}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}`;

export async function exportAccounts(
  host: string,
  projectId: string,
): Promise<Array<Record<string, unknown>>> {
  const users: Array<Record<string, unknown>> = [];
  let nextPageToken: string | undefined;
  do {
    const query = new URLSearchParams({ maxResults: '1000', ...(nextPageToken ? { nextPageToken } : {}) });
    const response = await fetch(`${base(host, projectId)}/accounts:batchGet?${query}`, { headers: owner });
    if (!response.ok)
      throw new Error(`the auth emulator at ${host} answered ${response.status} to the accounts export`);
    const page = (await response.json()) as {
      users?: Array<Record<string, unknown>>;
      nextPageToken?: string;
    };
    users.push(...(page.users ?? []));
    nextPageToken = page.nextPageToken;
  } while (nextPageToken);
  return users;
}

export async function importAccounts(
  host: string,
  projectId: string,
  users: ReadonlyArray<Record<string, unknown>>,
): Promise<number> {
  for (let i = 0; i < users.length; i += 1000) {
    const response = await fetch(`${base(host, projectId)}/accounts:batchCreate`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ users: users.slice(i, i + 1000) }),
    });
    if (!response.ok)
      throw new Error(
        `the auth emulator at ${host} answered ${response.status} to the accounts import: ${await response.text()}`,
      );
  }
  return users.length;
}
