/*
 * An order's attachments as the documents call answers them, for the page tests of the order (the patient's order page,
 * the doctor's edit page): a file and a link of `orderId`, added at `createdAt`, that the reader may delete or not.
 */

/** A stored file of an order, named `name`, its id also its file id and its download path. */
export function orderFile(id: string, name: string, canDelete: boolean, createdAt: string, originalName = 'a.pdf') {
  return {
    id,
    fileId: id,
    fileName: name,
    displayName: name,
    originalName,
    typeExam: 1,
    dowloadUri: `/api/document/${id}`,
    type: 'pdf',
    mediaType: 'application/pdf',
    size: 2048,
    createdAt,
    canDelete,
  };
}

/** A link of order `orderId` to `link`, named `name`. */
export function orderLink(orderId: string, id: string, link: string, name: string, canDelete: boolean, createdAt: string) {
  return { id, orderId, link, displayName: name, createdAt, canDelete };
}
