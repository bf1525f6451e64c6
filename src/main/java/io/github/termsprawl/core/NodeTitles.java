package io.github.termsprawl.core;

import io.github.termsprawl.jsonl.Json;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Display titles from {@code .termsprawl/project.json} (docs/files.md, "Node titles"): {@code nodes[].data.title}, else the id. */
public final class NodeTitles {
    /** Each id's first node with object {@code data}: the one the reference's {@code nodes.find} picks. */
    private final Map<String, Map<String, Object>> firstNodes = new HashMap<>();

    private NodeTitles(Object project) {
        Map<String, Object> root = Json.asObject(project);
        if (root == null || !(root.get("nodes") instanceof List<?> nodes)) {
            return;
        }
        for (Object node : nodes) {
            Map<String, Object> n = Json.asObject(node); // odd elements (null, numbers) are passed over
            if (n != null && n.get("id") instanceof String id && Json.asObject(n.get("data")) != null) {
                firstNodes.putIfAbsent(id, n);
            }
        }
    }

    /** Reads {@code project.json} once; a missing or broken file gives the id for every node. */
    public static NodeTitles load(ProjectLayout layout) {
        return new NodeTitles(Json.readFileOrNull(layout.projectJson().toFile(), StateCaps.PROJECT));
    }

    /** The ids of the nodes {@code project.json} names. */
    public java.util.Set<String> ids() {
        return java.util.Collections.unmodifiableSet(firstNodes.keySet());
    }

    /** Safe from several threads: nothing changes after {@link #load}. */
    public String titleOf(String id) {
        Map<String, Object> node = firstNodes.get(id);
        if (node == null) {
            return id;
        }
        return Json.asObject(node.get("data")).get("title") instanceof String title ? title : id;
    }
}
