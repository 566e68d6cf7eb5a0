export function OrderPage() {
  return <h1 data-testid="page-title">Order</h1>;
}
