package io.github.termsprawl.core;

import io.github.termsprawl.jsonl.Json;
import java.util.List;
import java.util.Map;

/** Display titles from {@code .termsprawl/project.json} (SPEC §7): {@code nodes[].data.title}, else the id. */
public final class NodeTitles {
    private final Object project;

    private NodeTitles(Object project) {
        this.project = project;
    }

    /** Reads {@code project.json} once; a missing or broken file gives the id for every node. */
    public static NodeTitles load(ProjectLayout layout) {
        return new NodeTitles(Json.readFileOrNull(layout.projectJson()));
    }

    public String titleOf(String id) {
        Map<String, Object> root = Json.asObject(project);
        if (root == null || !(root.get("nodes") instanceof List<?> nodes)) {
            return id;
        }
        for (Object node : nodes) {
            Map<String, Object> n = Json.asObject(node); // odd elements (null, numbers) are passed over
            if (n != null && id.equals(n.get("id")) && Json.asObject(n.get("data")) != null) {
                return Json.asObject(n.get("data")).get("title") instanceof String title ? title : id;
            }
        }
        return id;
    }
}
