/** Why the last try of a form was refused, said under it until the next try (a toast is gone too soon on a phone). */
export function FormProblem({ id, problem }: { id?: string; problem: string | null }) {
  if (!problem) return null;
  return (
    <p className="help is-danger" id={id} role="alert">
      {problem}
    </p>
  );
}
