-- Headless Neovim runs the README's set-up for its version (the block
-- after "**Neovim 0.7**" on 0.7, the 0.8+ one otherwise) as a user's
-- init.lua would, opens a note of the vault ($VAULT_NOTE, relative to
-- $VAULT_ROOT, the working folder) and writes to $VAULT_NVIM_OUT whether a
-- client named vault attached, and the diagnostics it sent for a broken link.
local out = {}
local function finish()
  local file = io.open(os.getenv("VAULT_NVIM_OUT"), "w")
  file:write(table.concat(out, "\n") .. "\n")
  file:close()
  vim.cmd("qall!")
end

local readme = io.open(os.getenv("VAULT_README")):read("*a")
local v = vim.version()
local heading = (v.major == 0 and v.minor < 8) and "%*%*Neovim 0%.7%*%*" or "%*%*Neovim%*%* %(0%.8 or later"
local block = readme:match(heading .. ".-```lua\n(.-)```")
if not block then
  table.insert(out, "no set-up for this version in the README")
  finish()
end
local load = loadstring or load
local chunk, err = load(block)
if not chunk then
  table.insert(out, "the set-up does not load: " .. err)
  finish()
end
chunk()

vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("VAULT_NOTE")))
local attached = vim.wait(10000, function()
  for _, client in pairs(vim.lsp.buf_get_clients(0)) do
    if client.name == "vault" then return true end
  end
  return false
end, 50)
table.insert(out, "attached: " .. tostring(attached))
vim.api.nvim_buf_set_lines(0, -1, -1, false, { "", "See [[No such note]]." })
vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, "diagnostic: " .. (d.lnum + 1) .. ": " .. d.message)
end
finish()
