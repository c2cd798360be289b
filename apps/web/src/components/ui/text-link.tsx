import type { ComponentProps } from "react";
import { Link } from "react-router";

/** An in-app link inside running text, in the product's link colour. */
export function TextLink(props: ComponentProps<typeof Link>) {
  return <Link className="font-medium text-indigo-600 hover:underline dark:text-indigo-400" {...props} />;
}
