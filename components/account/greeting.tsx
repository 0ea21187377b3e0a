/** The heading every dashboard home opens with. */
export function Greeting({ name }: { name: string }) {
  return (
    <h1 className="font-display text-3xl">
      <span>Hi, Welcome </span>
      {name}
    </h1>
  );
}
