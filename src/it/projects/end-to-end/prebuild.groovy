def write = evaluate(new File(itScripts as String, 'write-file.groovy'))
write('sessions/backend-session.jsonl', [
        '{"type":"summary","summary":"API work"}',
        '{"parentUuid":null,"type":"user","message":{"role":"user","content":"Please add GET /api/orders."},"uuid":"u1"}',
        '{"parentUuid":"u1","type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Added it.\\nIt returns a JSON array of orders."},{"type":"tool_use","id":"x","name":"Edit","input":{}}]},"uuid":"a1"}',
].join('\n') + '\n')
write('sessions/frontend-session.jsonl',
        '{"type":"user","message":{"role":"user","content":"Render the orders table."}}\n')
write('.termsprawl/project.json', '{"nodes": [{"id": "backend", "data": {"title": "Orders API"}}]}\n')
true
