export interface ApartmentRow {
  si: number;
  apartment: string;
  block: string;
  status: string;
}

/** Every apartment as a visitor lists them, with its page of /apartment (from 1). */
async function listing(queryUrl: string): Promise<Array<{ apartment: ApartmentRow; page: number }>> {
  const all: Array<{ apartment: ApartmentRow; page: number }> = [];
  for (let page = 0; page < 100; page += 1) {
    const { result } = (await (await fetch(`${queryUrl}/apartment?page=${page}`)).json()) as {
      result: ApartmentRow[];
    };
    if (result.length === 0) break;
    all.push(...result.map((apartment) => ({ apartment, page: page + 1 })));
  }
  return all;
}

/**
 * The first available apartment and its page of /apartment. `aloneInBlock`: preferably one in a
 * block where nobody leases yet, so what is charged to its block reaches no other journey's resident.
 */
export async function firstAvailableApartment(
  queryUrl: string,
  { aloneInBlock = false } = {},
): Promise<{ apartment: ApartmentRow; page: number }> {
  const all = await listing(queryUrl);
  const free = all.filter((a) => a.apartment.status !== 'booked');
  const leasedBlocks = new Set(
    all.filter((a) => a.apartment.status === 'booked').map((a) => a.apartment.block),
  );
  const found = (aloneInBlock && free.find((a) => !leasedBlocks.has(a.apartment.block))) || free[0];
  if (!found) throw new Error('no apartment is available');
  return found;
}
