// The places world's entities (tools/_world/places.md's data).
export interface Place {
  placeId: string;
  name: string;
  address?: string;
  latitude: number;
  longitude: number;
  category?: string;
  owner?: string;
  savedType?: "HOME" | "WORK" | "OTHER";
  city?: string;
  keywords?: string[];
  noteToCaptain?: string;
}

export interface PlaceWorld {
  places: Record<string, Place>;
}
