/** The texts about logos and avatars (spec 5 "Logo and avatar", 8 "Images"). */
export const IMAGE_MESSAGES = {
  invalidType: "Invalid file type. Please upload a JPEG, PNG, GIF, or WebP image.",
  tooLarge: "File size too large for temporary storage. Please upload an image smaller than 500KB.",

  // Not in the specification: the gaps it leaves.
  fileRequired: "Please select an image to upload",
  fileEmpty: "The selected file is empty. Please choose an image.",
  onlyOneFile: "Please upload one image at a time",
  tooManyPixels:
    "The image's dimensions are too large. Please upload an image of at most 40 megapixels (for example 8000×5000).",
  unreadable: "The image could not be read. It may be damaged; please try another file.",
} as const;
