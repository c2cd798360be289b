import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/testing/render.tsx";
import { TextAreaField } from "./text-area-field.tsx";
import { TextField } from "./text-field.tsx";

function Controlled({ multiline, limit }: { multiline?: boolean; limit: number }) {
  const [value, setValue] = useState("");
  const props = { label: "Name", limit, value };
  return multiline ? (
    <TextAreaField {...props} onChange={(event) => setValue(event.target.value)} />
  ) : (
    <TextField {...props} onChange={(event) => setValue(event.target.value)} />
  );
}

describe("a limited field's character counter", () => {
  it("counts a one-line field, stops typing at the limit and says so", async () => {
    const { user } = renderWithProviders(<Controlled limit={5} />);
    const field = screen.getByLabelText("Name");
    expect(field.getAttribute("aria-describedby")).toContain("-count");
    expect(screen.getByText("0 / 5 characters")).not.toBeNull();
    await user.type(field, "abc");
    expect(screen.getByText("3 / 5 characters")).not.toBeNull();
    await user.type(field, "defgh");
    expect(field).toHaveProperty("value", "abcde");
    expect(screen.getByText("5 / 5 characters (the limit: no more can be typed)")).not.toBeNull();
  });

  it("lets a text area go over, and says by how much", async () => {
    const { user } = renderWithProviders(<Controlled multiline limit={5} />);
    const field = screen.getByLabelText("Name");
    await user.click(field);
    await user.paste("abcdefgh");
    expect(field).toHaveProperty("value", "abcdefgh");
    expect(screen.getByText("8 / 5 characters (3 too many)")).not.toBeNull();
    expect(field.getAttribute("aria-invalid")).toBe("true");
  });
});
