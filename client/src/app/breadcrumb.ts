/** The path's segments are split, hyphens become spaces and words are capitalised. */
export function breadcrumbLabels(pathname: string): string[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      let text = segment;
      try {
        text = decodeURIComponent(segment);
      } catch {
        // keep the raw segment
      }
      return text
        .replace(/-/g, ' ')
        .split(' ')
        .filter(Boolean)
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' ');
    });
}
