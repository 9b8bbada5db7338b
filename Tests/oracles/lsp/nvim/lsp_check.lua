-- Headless Neovim (0.7 and later) starts `vault lsp` as its language server
-- for the note opened, asks for a completion after `[[`, and waits for the
-- diagnostics of a broken link. Writes what it saw to $VAULT_NVIM_OUT as
-- lines: `completion: LABEL -> NEWTEXT` and `diagnostic: LINE: MESSAGE`.
local out = {}
local function finish()
  local file = io.open(os.getenv("VAULT_NVIM_OUT"), "w")
  file:write(table.concat(out, "\n") .. "\n")
  file:close()
  vim.cmd("qall!")
end

local root = os.getenv("VAULT_ROOT")
local client_id = vim.lsp.start_client({
  name = "vault",
  cmd = { os.getenv("VAULT_BIN"), "lsp" },
  root_dir = root,
  workspace_folders = { { uri = vim.uri_from_fname(root), name = "vault" } },
})
vim.lsp.buf_attach_client(0, client_id)

-- Type a link to a note that exists (for completion) and one to none (for a diagnostic).
vim.api.nvim_buf_set_lines(0, -1, -1, false, { "", "See [[No such note]].", "Also [[interl" })
local last = vim.api.nvim_buf_line_count(0)

local ok = vim.wait(10000, function()
  return #vim.diagnostic.get(0) > 0
end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, "diagnostic: " .. (d.lnum + 1) .. ": " .. d.message)
end
if not ok then table.insert(out, "no diagnostics") end

local params = {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = last - 1, character = #"Also [[interl" },
}
local answers = vim.lsp.buf_request_sync(0, "textDocument/completion", params, 10000) or {}
for _, answer in pairs(answers) do
  local items = answer.result and (answer.result.items or answer.result) or {}
  if items[1] then
    table.insert(out, "completion: " .. items[1].label .. " -> " .. items[1].textEdit.newText)
  end
end
finish()
