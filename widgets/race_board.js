// placeholder: drawn in the next commit
export default { render({ el }) { el.textContent = '…'; } };
