export {
  countStock,
  moveStock,
  setMinimums,
  transferStock,
  type Moved,
  type StockChange,
  type StockDocument,
} from "./stock";
export {
  createNamed,
  createProduct,
  listNamed,
  removeNamed,
  renameNamed,
  updateProduct,
  type NamedKind,
  type ProductInput,
} from "./catalogue";
