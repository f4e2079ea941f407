import { type LoaderFunctionArgs, useLoaderData } from "react-router";

const defaultRows = 100;
const maxRows = 1000;
const price = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const percent = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 2 });

/** `?rows=N` rows of made-up market data, the same for every request with the same N. */
export function loader({ request }: LoaderFunctionArgs) {
  const requested = Number(new URL(request.url).searchParams.get("rows") ?? defaultRows);
  const count = Number.isInteger(requested) ? Math.min(Math.max(requested, 0), maxRows) : defaultRows;
  return {
    rows: Array.from({ length: count }, (_, index) => ({
      id: `asset-${index + 1}`,
      name: `Asset ${index + 1}`,
      symbol: `A${index + 1}`,
      price: 1000 / (index + 1),
      change: ((index % 11) - 5) / 100,
      volume: (index + 1) * 123_456,
    })),
  };
}

export function meta() {
  return [{ title: "Rows" }];
}

export default function Rows() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Rows</h1>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">Price</th>
            <th scope="col">24h</th>
            <th scope="col">Volume</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.id}>
              <td>{index + 1}</td>
              <td>
                <a href={`/${row.id}`}>{row.name}</a> <span>{row.symbol}</span>
              </td>
              <td>{price.format(row.price)}</td>
              <td>{percent.format(row.change)}</td>
              <td>{price.format(row.volume)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
