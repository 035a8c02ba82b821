import { useSearchParams } from 'react-router-dom';

/**
 * The page's search params, and a function that sets some and removes others (null) in place of the current entry,
 * so a page's pickers (a day, a driver, a view) are its address without filling the history.
 */
export function useSearchParamPatch(): [URLSearchParams, (patch: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const change = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return [params, change];
}
