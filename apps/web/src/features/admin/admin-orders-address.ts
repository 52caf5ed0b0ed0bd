/**
 * Where a provider admin's /admin/orders address leads in the back office's pipeline (/provider/orders),
 * their one order list. What means the same there carries over: the search (name, e-mail or order
 * number in both lists) and the pipeline's own filters, should a link name them. The approvals' "open"
 * and "all" views and their page do not: "open" spans two pipeline statuses (ordering and delivery)
 * and a page number counts another list.
 */
const CARRIED = ['q', 'tenantId', 'status', 'step', 'from', 'to'] as const;

export function pipelineAddressOf(search: string): string {
  const from = new URLSearchParams(search);
  const to = new URLSearchParams();
  for (const name of CARRIED) {
    const value = from.get(name);
    if (value) to.set(name, value);
  }
  const query = to.toString();
  return query ? `/provider/orders?${query}` : '/provider/orders';
}
